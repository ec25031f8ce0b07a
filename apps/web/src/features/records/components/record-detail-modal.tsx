import {
  Alert,
  Button,
  DataList,
  Divider,
  Group,
  List,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { RECORD_MESSAGES, type RecordDetail } from '@pgel/shared/records/api';
import type { FieldDef, RecordKind } from '@pgel/shared/records/types';
import { IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { FileViewer } from '../../../components/file-viewer';
import { FormDialog } from '../../../components/form-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useRecord } from '../api/get-record';
import { useScoreHistory } from '../api/get-score-history';
import { asViewableFile, formatDate, formatText, formatVerified, StatusBadge } from './record-format';
import { groupBySection } from './record-values';

type RecordDetailModalProps = {
  kind: RecordKind;
  /** The record to show; the modal is open while it is set. */
  recordId: string | null;
  onClose: () => void;
  /** Staff who may verify it: opens the Action modal. */
  onVerify?: (record: RecordDetail) => void;
  /** The owner while it is unverified: asks, then deletes. */
  onDelete?: (record: RecordDetail) => void;
  /** Whether to show the student's name (staff). */
  showStudent: boolean;
};

/** 'Clinical Case Details' for a sectioned form (spec 02 section 2), 'Task Detail' otherwise. */
export function detailTitle(kind: RecordKind): string {
  const hasSections = kind.fields.some((field) => field.section !== undefined);
  return hasSections ? `${kind.formTitle.replace(/^Add\s+/, '')} Details` : 'Task Detail';
}

/**
 * The task detail viewer (spec 02 section 2): the kind's fields (by section for the clinical
 * case), the certificate (PDF frame, image or 'No File Available'), the remark, Verified By / On
 * ('Verification Pending'), the feedback ('N/A') and the latest score, which opens the history.
 */
export function RecordDetailModal({
  kind,
  recordId,
  onClose,
  onVerify,
  onDelete,
  showStudent,
}: RecordDetailModalProps) {
  const [historyOpen, setHistoryOpen] = useState(false);
  const close = () => {
    setHistoryOpen(false);
    onClose();
  };
  return (
    <FormDialog opened={recordId !== null} onClose={close} title={detailTitle(kind)} size="xl">
      {recordId ? (
        <RecordDetailBody
          kind={kind}
          recordId={recordId}
          showStudent={showStudent}
          historyOpen={historyOpen}
          onToggleHistory={() => setHistoryOpen((open) => !open)}
          onVerify={onVerify}
          onDelete={onDelete}
          onClose={close}
        />
      ) : null}
    </FormDialog>
  );
}

function RecordDetailBody({
  kind,
  recordId,
  showStudent,
  historyOpen,
  onToggleHistory,
  onVerify,
  onDelete,
  onClose,
}: {
  kind: RecordKind;
  recordId: string;
  showStudent: boolean;
  historyOpen: boolean;
  onToggleHistory: () => void;
  onVerify?: (record: RecordDetail) => void;
  onDelete?: (record: RecordDetail) => void;
  onClose: () => void;
}) {
  const { data: record, error, isPending } = useRecord(recordId);
  const isPhone = useMediaQuery('(max-width: 35.99em)') ?? false;
  const listProps = isPhone
    ? ({ orientation: 'vertical', withDivider: true } as const)
    : ({ labelWidth: 200, withDivider: true } as const);
  if (isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading the entry" />
      </Group>
    );
  }
  if (!record) {
    return (
      <Alert color="red" variant="light">
        {error ? errorMessage(error) : RECORD_MESSAGES.notFound}
      </Alert>
    );
  }

  const hasFile = kind.fields.some((field) => field.input === 'file');
  // Files show in the viewer below, the student's remark with the verification.
  const sections = groupBySection(
    kind.fields.filter((field) => field.input !== 'file' && field.name !== 'studentRemark'),
  );
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        {showStudent ? (
          <Text fw={600}>
            <Text span c="dimmed" fw={400}>
              Student:{' '}
            </Text>
            {record.studentName}
          </Text>
        ) : (
          <Text fw={600}>{kind.menuTitle}</Text>
        )}
        <StatusBadge status={record.status} />
      </Group>

      {sections.map((section) => (
        <Stack key={section.title ?? ''} gap="xs">
          {section.title ? <SectionTitle>{section.title}</SectionTitle> : null}
          <DataList {...listProps}>
            {section.fields.map((field) => (
              <DataList.Item key={field.name}>
                <DataList.ItemLabel>{field.label}</DataList.ItemLabel>
                <DataList.ItemValue style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                  {fieldValue(record, field)}
                </DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList>
        </Stack>
      ))}

      {hasFile ? (
        <Stack gap="xs">
          <SectionTitle>Certificate</SectionTitle>
          {record.certificate ? (
            <FileViewer file={record.certificate} />
          ) : (
            <Text c="dimmed">{RECORD_MESSAGES.noFile}</Text>
          )}
        </Stack>
      ) : null}

      <Stack gap="xs">
        <SectionTitle>Remarks</SectionTitle>
        <DataList {...listProps}>
          <DataList.Item>
            <DataList.ItemLabel>{remarkLabel(kind)}</DataList.ItemLabel>
            <DataList.ItemValue style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {formatText(record.studentRemark)}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Verification By / On</DataList.ItemLabel>
            <DataList.ItemValue>{formatVerified(record)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>HOD / Unit Head Feedback</DataList.ItemLabel>
            <DataList.ItemValue style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {formatText(record.verifierRemark)}
            </DataList.ItemValue>
          </DataList.Item>
          {kind.scoring.type === 'none' ? null : (
            <DataList.Item>
              <DataList.ItemLabel>Score</DataList.ItemLabel>
              <DataList.ItemValue>
                {record.score ? (
                  <UnstyledButton
                    onClick={onToggleHistory}
                    aria-expanded={historyOpen}
                    c="brand.8"
                    fw={600}
                    style={{
                      display: 'inline-flex',
                      alignItems: 'center',
                      gap: 4,
                      textDecoration: 'underline',
                    }}
                  >
                    {record.score.label}: {record.score.value}
                    <VisuallyHidden>(score history)</VisuallyHidden>
                    <IconChevronRight
                      size={14}
                      aria-hidden
                      style={{ transform: historyOpen ? 'rotate(90deg)' : undefined }}
                    />
                  </UnstyledButton>
                ) : (
                  RECORD_MESSAGES.notAvailable
                )}
              </DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList>
        {historyOpen ? <ScoreHistory recordId={record.id} /> : null}
      </Stack>

      <DialogActions>
        {record.canDelete && onDelete ? (
          <Button variant="light" color="red.8" onClick={() => onDelete(record)}>
            Delete
          </Button>
        ) : null}
        {record.canVerify && onVerify ? (
          <Button variant="light" onClick={() => onVerify(record)}>
            Action
          </Button>
        ) : null}
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Stack>
  );
}

function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Divider
      labelPosition="left"
      label={
        <Title order={3} fz="sm" fw={650} c="brand.8" tt="uppercase">
          {children}
        </Title>
      }
    />
  );
}

function remarkLabel(kind: RecordKind): string {
  return kind.fields.find((field) => field.name === 'studentRemark')?.label ?? 'Remark';
}

/** A field's value in the detail: common fields from their columns, the rest from `details`. */
export function fieldValue(record: RecordDetail, field: FieldDef): ReactNode {
  switch (field.name) {
    case 'date':
      return formatDate(record.date);
    case 'teacherId':
      return formatText(record.teacherName);
    case 'studentRemark':
      return formatText(record.studentRemark);
    case 'certificateFileId':
      return record.certificate?.originalName ?? RECORD_MESSAGES.noFile;
  }
  const value = record.details[field.name];
  switch (field.input) {
    case 'date':
      return formatDate(value);
    case 'absent-present':
      return value === 'absent' ? 'Absent' : value === 'present' ? 'Present' : RECORD_MESSAGES.notAvailable;
    case 'text-list':
      return Array.isArray(value) && value.length > 0 ? (
        <List size="sm" spacing={2}>
          {value.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines may repeat; their order is the key
            <List.Item key={index}>{formatText(line)}</List.Item>
          ))}
        </List>
      ) : (
        RECORD_MESSAGES.notAvailable
      );
    case 'file': {
      const file = asViewableFile(value);
      return file ? <FileViewer file={file} /> : RECORD_MESSAGES.noFile;
    }
    default:
      return formatText(value);
  }
}

/** Every scoring of the record, newest first (spec 02 section 2: the score-history view). */
function ScoreHistory({ recordId }: { recordId: string }) {
  const { data, error, isPending } = useScoreHistory(recordId);
  if (isPending) return <Loader size="sm" aria-label="Loading the score history" />;
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (!data || data.length === 0) return <Text c="dimmed">{RECORD_MESSAGES.notAvailable}</Text>;
  return (
    <Stack gap="xs" component="ol" aria-label="Score history" p={0} m={0} style={{ listStyle: 'none' }}>
      {data.map((item) => (
        <Paper key={`${item.at}:${item.byName}`} component="li" withBorder radius="md" p="sm" bg="gray.0">
          <Group justify="space-between" gap="xs" mb={4}>
            <Text size="sm" fw={600}>
              {item.score ? `${item.score.label}: ${item.score.value}` : RECORD_MESSAGES.notAvailable}
            </Text>
            <StatusBadge status={item.status} />
          </Group>
          <Text size="xs" c="dimmed">
            {item.byName} · {formatDate(item.at)}
          </Text>
          {item.score?.rows ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={2} mt={6}>
              {item.score.rows.map((row) => (
                <Group key={row.title} gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
                  <Text size="xs">{row.title}</Text>
                  <Text size="xs" fw={700}>
                    {row.value}
                  </Text>
                </Group>
              ))}
            </SimpleGrid>
          ) : null}
          {item.remark ? (
            <Text size="sm" mt={6} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {item.remark}
            </Text>
          ) : null}
        </Paper>
      ))}
    </Stack>
  );
}
