import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  CERTIFICATE_LABELS,
  missingStepMessage,
  stepsOf,
  type Thesis,
  type ThesisStage,
  type ThesisStep,
} from '@pgel/shared/academic/thesis';
import { IconCircleCheck, IconEye, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ViewableFile } from '../../../components/file-viewer';
import { formatDate } from '../../records/components/record-format';
import { CoGuidesForm } from './co-guides-form';
import { AcceptanceDateForm, CertificateForm, GuideForm, TITLE_LABELS, TitleForm } from './step-forms';
import { isStepSaved, nextStepOf } from './use-thesis-step';

/** Each step's heading on a stage's page. */
export function stepLabel(stage: ThesisStage, step: ThesisStep): string {
  switch (step) {
    case 'title':
      return TITLE_LABELS[stage];
    case 'guide':
      return 'Guide';
    case 'coGuides':
      return 'Co-guides';
    case 'certificate':
      return CERTIFICATE_LABELS[stage];
    case 'acceptanceDate':
      return 'Synopsis Acceptance Date';
  }
}

/** Shown in place of a step nobody has written yet, to those who cannot write it. */
export const NOT_ADDED = 'Not added yet';

type ThesisStepsProps = {
  stage: ThesisStage;
  thesis: Thesis | null;
  /** The student writing their own record (approved by the department); else all is read-only. */
  canWrite: boolean;
  /** The student's college: its departments are the co-guides' choices. */
  collegeId: string | null;
  /** The thesis stage: the student's synopsis, whose guide and co-guides fill the empty forms. */
  proposal?: Thesis | null;
  onViewFile: (file: ViewableFile, title: string) => void;
};

/**
 * The stage's steps in order (spec 03 sections 2, 4): each a card that shows what was written,
 * read-only, once saved. The student writes the next step only; later ones are shown disabled
 * with the reason (the spec's message for the step still missing).
 */
export function ThesisSteps({
  stage,
  thesis,
  canWrite,
  collegeId,
  proposal = null,
  onViewFile,
}: ThesisStepsProps) {
  const next = nextStepOf(thesis);
  return (
    <Stack gap="md">
      {stepsOf(stage).map((step, index) => {
        const label = stepLabel(stage, step);
        const isSaved = isStepSaved(thesis, step);
        const isOpen = canWrite && !isSaved && next === step;
        const lockReason = canWrite && !isSaved && !isOpen && next ? missingStepMessage(stage, next) : null;
        const formProps = { stage, thesis, disabled: !isOpen };
        let body: ReactNode;
        if (isSaved && thesis)
          body = <SavedValue stage={stage} step={step} thesis={thesis} onViewFile={onViewFile} />;
        else if (!canWrite) body = <Text c="dimmed">{NOT_ADDED}</Text>;
        else if (step === 'title') body = <TitleForm {...formProps} />;
        else if (step === 'guide') body = <GuideForm {...formProps} proposed={proposal?.guide ?? null} />;
        else if (step === 'coGuides')
          body = <CoGuidesForm {...formProps} collegeId={collegeId} proposed={proposal?.coGuides ?? []} />;
        else if (step === 'certificate') body = <CertificateForm {...formProps} label={label} />;
        else body = <AcceptanceDateForm {...formProps} />;
        return (
          <StepCard key={step} number={index + 1} label={label} isSaved={isSaved} lockReason={lockReason}>
            {body}
          </StepCard>
        );
      })}
    </Stack>
  );
}

function StepCard({
  number,
  label,
  isSaved,
  lockReason,
  children,
}: {
  number: number;
  label: string;
  isSaved: boolean;
  lockReason: string | null;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label={label}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <ThemeIcon radius="xl" size={30} variant="light" color={isSaved ? 'teal' : 'brand'} aria-hidden>
              {isSaved ? (
                <IconCircleCheck size={18} />
              ) : (
                <Text fw={700} size="sm">
                  {number}
                </Text>
              )}
            </ThemeIcon>
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {label}
            </Title>
          </Group>
          {isSaved ? (
            <Badge
              color="teal"
              variant="light"
              c="teal.9"
              leftSection={<IconLock size={12} aria-hidden />}
              style={{ flex: 'none' }}
            >
              Saved
            </Badge>
          ) : null}
        </Group>
        {lockReason ? (
          <Group gap={6} wrap="nowrap">
            <IconLock size={16} aria-hidden color="var(--mantine-color-gray-7)" style={{ flex: 'none' }} />
            <Text size="sm" c="dimmed">
              {lockReason}
            </Text>
          </Group>
        ) : null}
        {children}
      </Stack>
    </Card>
  );
}

/** A written step, read-only: once saved it cannot be edited. */
function SavedValue({
  stage,
  step,
  thesis,
  onViewFile,
}: {
  stage: ThesisStage;
  step: ThesisStep;
  thesis: Thesis;
  onViewFile: (file: ViewableFile, title: string) => void;
}) {
  switch (step) {
    case 'title':
      return <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{thesis.title}</Text>;
    case 'guide':
      return <Text>{thesis.guide?.name}</Text>;
    case 'coGuides':
      return (
        <List type="ordered" spacing={4}>
          {thesis.coGuides.map((coGuide, index) => (
            // The rows are never edited: their order is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: a saved list never changes
            <List.Item key={index}>
              <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
                {coGuide.name}
              </Text>
              <Text span c="dimmed">
                {' '}
                ({coGuide.department})
              </Text>
            </List.Item>
          ))}
        </List>
      );
    case 'certificate': {
      const file = thesis.certificate;
      if (!file) return null;
      const label = CERTIFICATE_LABELS[stage];
      return (
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Button
            variant="light"
            size="sm"
            leftSection={<IconEye size={16} aria-hidden />}
            onClick={() => onViewFile(file, label)}
            aria-label={`View ${label}`}
            style={{ flex: 'none' }}
          >
            View
          </Button>
          <Text size="sm" truncate title={file.originalName} style={{ minWidth: 0 }}>
            {file.originalName}
          </Text>
        </Group>
      );
    }
    case 'acceptanceDate':
      return <Text>{formatDate(thesis.acceptanceDate)}</Text>;
  }
}
