import { Button, Group, Select, Stack } from '@mantine/core';
import type { PersonRef } from '@pgel/shared/academic/common';
import {
  isAcceptanceDate,
  THESIS_MESSAGES,
  THESIS_TITLE_MAX,
  type Thesis,
  type ThesisStage,
  titleError,
} from '@pgel/shared/academic/thesis';
import type { StoredFile } from '@pgel/shared/schemas/files';
import { type FormEvent, useEffect, useState } from 'react';
import { DateField, todayIso } from '../../../components/date-field';
import { FileUpload } from '../../../components/file-upload';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { errorMessage } from '../../../lib/api-client';
import { useRecordOptions } from '../../records/api/get-record-options';
import { prerequisiteError, useThesisStepSubmit } from './use-thesis-step';

/** What every step's form gets: the stage, the record so far, and whether it is locked. */
export type StepFormProps = {
  stage: ThesisStage;
  thesis: Thesis | null;
  /** A step before this one is not written yet. */
  disabled: boolean;
};

/** The title's label on each page. */
export const TITLE_LABELS: Record<ThesisStage, string> = {
  synopsis: 'Synopsis Title',
  thesis: 'Thesis Title',
};

export function TitleForm({ stage, thesis, disabled }: StepFormProps) {
  const [title, setTitle] = useState('');
  const { submit, isPending } = useThesisStepSubmit(stage, 'title');
  const save = (event: FormEvent) => {
    event.preventDefault();
    const problem = prerequisiteError(stage, thesis, 'title') ?? titleError(stage, title);
    void submit(problem, { title: title.trim() });
  };
  return (
    <form onSubmit={save} noValidate>
      <Stack gap="sm">
        <GrowingTextarea
          label={TITLE_LABELS[stage]}
          placeholder="Enter the title"
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          maxLength={THESIS_TITLE_MAX}
          minRows={2}
          maxRows={6}
          disabled={disabled}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isPending} disabled={disabled}>
            Save Title
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Said under a field the synopsis filled (issue 28). */
export const FROM_SYNOPSIS = 'From your synopsis. Change it if needed, then save.';

/**
 * The guide: a teacher of the student's department (the records forms' teacher list). The thesis
 * starts from the synopsis's guide (`proposed`) while that teacher is still on the list.
 */
export function GuideForm({
  stage,
  thesis,
  disabled,
  proposed = null,
}: StepFormProps & { proposed?: PersonRef | null }) {
  const [guideId, setGuideId] = useState<string | null>(proposed?.id ?? null);
  const teachers = useRecordOptions(disabled ? null : '/records/options/teachers');
  // A guide who has left the department is not proposed: the select would look empty yet send them.
  const isProposalGone =
    proposed !== null && teachers.data !== undefined && !teachers.data.some((t) => t.id === proposed.id);
  useEffect(() => {
    if (isProposalGone) setGuideId((current) => (current === proposed?.id ? null : current));
  }, [isProposalGone, proposed]);
  const isProposed = proposed !== null && guideId === proposed.id && !isProposalGone;
  const { submit, isPending } = useThesisStepSubmit(stage, 'guide');
  const save = (event: FormEvent) => {
    event.preventDefault();
    const problem =
      prerequisiteError(stage, thesis, 'guide') ?? (guideId ? null : THESIS_MESSAGES.selectGuide);
    void submit(problem, { guideId: guideId ?? '' });
  };
  return (
    <form onSubmit={save} noValidate>
      <Stack gap="sm">
        <Select
          label="Guide"
          placeholder={teachers.isPending && !disabled ? 'Loading teachers…' : 'Select guide'}
          data={(teachers.data ?? []).map((teacher) => ({ value: teacher.id, label: teacher.title }))}
          value={guideId}
          onChange={setGuideId}
          description={isProposed ? FROM_SYNOPSIS : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          searchable
          nothingFoundMessage="No teacher found"
          error={teachers.isError ? errorMessage(teachers.error) : undefined}
          disabled={disabled}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isPending} disabled={disabled}>
            Save Guide
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The certificate: uploaded first (as every document), then attached to the step by its id. */
export function CertificateForm({ stage, thesis, disabled, label }: StepFormProps & { label: string }) {
  const [file, setFile] = useState<StoredFile | null>(null);
  const [isUploading, setUploading] = useState(false);
  const { submit, isPending } = useThesisStepSubmit(stage, 'certificate');
  const save = (event: FormEvent) => {
    event.preventDefault();
    const problem =
      prerequisiteError(stage, thesis, 'certificate') ?? (file ? null : THESIS_MESSAGES.selectCertificate);
    void submit(problem, { fileId: file?.id ?? '' });
  };
  return (
    <form onSubmit={save} noValidate>
      <Stack gap="sm">
        <FileUpload
          label={label}
          purpose="document"
          currentName={file?.originalName ?? null}
          onUploaded={setFile}
          onRemove={() => setFile(null)}
          onBusyChange={setUploading}
          disabled={disabled}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isPending} disabled={disabled || isUploading}>
            Save Certificate
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The thesis's synopsis acceptance date: DD-MM-YYYY, not after today. */
export function AcceptanceDateForm({ stage, thesis, disabled }: StepFormProps) {
  const [date, setDate] = useState<string | null>(null);
  const { submit, isPending } = useThesisStepSubmit(stage, 'acceptanceDate');
  const today = todayIso();
  const save = (event: FormEvent) => {
    event.preventDefault();
    const value = date ?? undefined;
    const problem =
      prerequisiteError(stage, thesis, 'acceptanceDate') ??
      (!isAcceptanceDate(value)
        ? THESIS_MESSAGES.selectDate
        : value > today
          ? THESIS_MESSAGES.futureDate
          : null);
    void submit(problem, { date: value });
  };
  return (
    <form onSubmit={save} noValidate>
      <Stack gap="sm">
        <DateField
          label="Synopsis Acceptance Date"
          value={date}
          onChange={setDate}
          maxDate={today}
          disabled={disabled}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isPending} disabled={disabled}>
            Save Date
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
