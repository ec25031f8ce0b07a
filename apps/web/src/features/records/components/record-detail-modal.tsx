import {
  Alert,
  Badge,
  Button,
  DataList,
  Divider,
  Group,
  List,
  Loader,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { canRequestSignOff } from '@pgel/shared/auth/policies';
import { verifierRemarkLabel } from '@pgel/shared/drp/coordinator-dashboard';
import { RECORD_MESSAGES, type RecordDetail } from '@pgel/shared/records/api';
import { SIGN_OFF_MESSAGES } from '@pgel/shared/records/sign-off';
import type { FieldDef, RecordKind } from '@pgel/shared/records/types';
import { printShortDate } from '@pgel/shared/reports/print-format';
import { IconChevronDown, IconSignature } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { FileViewer } from '../../../components/file-viewer';
import { FlagNotice } from '../../../components/flag-badges';
import { FormDialog } from '../../../components/form-dialog';
import { errorMessage } from '../../../lib/api-client';
import { sessionUserQueryOptions } from '../../../lib/session';
import { useMedia } from '../../../lib/use-media';
import { useRecord } from '../api/get-record';
import {
  asViewableFile,
  formatDate,
  formatText,
  formatVerified,
  RoleDetail,
  StatusBadge,
} from './record-format';
import { RecordHistory } from './record-history';
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
  /** The resident on their own pending entry: a faculty member signs it off here (issue 30). */
  onSignOff?: (record: RecordDetail) => void;
  /** Whether to show the student's name (staff). */
  showStudent: boolean;
  /**
   * A mail's link to the entry's verification (issue 30): once loaded, a pending entry the
   * caller may verify goes straight on to `onVerify`.
   */
  opensVerification?: boolean;
};

/** 'Clinical Case Details' for a sectioned form (spec 02 section 2), 'Task Detail' otherwise. */
export function detailTitle(kind: RecordKind): string {
  const hasSections = kind.fields.some((field) => field.section !== undefined);
  return hasSections ? `${kind.formTitle.replace(/^Add\s+/, '')} Details` : 'Task Detail';
}

/**
 * The task detail viewer (spec 02 section 2): the kind's fields (by section for the clinical
 * case), the certificate (PDF frame, image or 'No File Available'), the remark, Verified By / On
 * ('Verification Pending'), the feedback ('N/A'), the latest score and the entry's history
 * (issue 27: every verification and reset with its reason; an amended entry says so).
 */
export function RecordDetailModal({
  kind,
  recordId,
  onClose,
  onVerify,
  onDelete,
  onSignOff,
  showStudent,
  opensVerification = false,
}: RecordDetailModalProps) {
  return (
    <FormDialog opened={recordId !== null} onClose={onClose} title={detailTitle(kind)} size="xl">
      {recordId ? (
        <RecordDetailBody
          kind={kind}
          recordId={recordId}
          showStudent={showStudent}
          onVerify={onVerify}
          onDelete={onDelete}
          onSignOff={onSignOff}
          opensVerification={opensVerification}
          onClose={onClose}
        />
      ) : null}
    </FormDialog>
  );
}

function RecordDetailBody({
  kind,
  recordId,
  showStudent,
  onVerify,
  onDelete,
  onSignOff,
  opensVerification,
  onClose,
}: {
  kind: RecordKind;
  recordId: string;
  showStudent: boolean;
  onVerify?: (record: RecordDetail) => void;
  onDelete?: (record: RecordDetail) => void;
  onSignOff?: (record: RecordDetail) => void;
  opensVerification: boolean;
  onClose: () => void;
}) {
  const { data: record, error, isPending } = useRecord(recordId);
  const isVerificationOpened = useRef(false);
  useEffect(() => {
    if (!opensVerification || isVerificationOpened.current || !onVerify) return;
    if (!record?.canVerify || record.status !== 'pending') return;
    isVerificationOpened.current = true;
    onVerify(record);
  }, [opensVerification, record, onVerify]);
  // The signed-in user as the guard loaded them (never fetched again here).
  const user = useQuery({ ...sessionUserQueryOptions(), enabled: false }).data ?? null;
  // The verifier's remark: a DRP coordinator's is their DRPC Remark (issue 28).
  const feedbackLabel = verifierRemarkLabel(kind, user, 'HOD / Unit Head Feedback');
  const historyRef = useRef<HTMLDivElement>(null);
  const isPhone = useMedia('(max-width: 35.99em)');
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
        <Group gap="xs">
          {record.amendedAt ? (
            <Badge color="orange" c="orange.9" variant="light" styles={{ root: { flex: 'none' } }}>
              {/* India's calendar day, as the printed logbook and the PDF give it. */}
              Amended {printShortDate(record.amendedAt) ?? formatDate(record.amendedAt)}
            </Badge>
          ) : null}
          <StatusBadge status={record.status} />
        </Group>
      </Group>

      <FlagNotice flags={record.flags} />

      {sections.map((section) => (
        <Stack key={section.title ?? ''} gap="xs">
          {section.title ? <SectionTitle>{section.title}</SectionTitle> : null}
          <DataList {...listProps}>
            {section.fields.map((field) => (
              <DataList.Item key={field.name}>
                <DataList.ItemLabel>{field.label}</DataList.ItemLabel>
                <DataList.ItemValue style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                  {fieldValue(record, field, kind)}
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
            <DataList.ItemLabel>{feedbackLabel}</DataList.ItemLabel>
            <DataList.ItemValue style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {formatText(record.verifierRemark)}
            </DataList.ItemValue>
          </DataList.Item>
          {kind.scoring.type === 'none' ? null : (
            <DataList.Item>
              <DataList.ItemLabel>Score</DataList.ItemLabel>
              <DataList.ItemValue>
                {record.score ? (
                  // The score leads to its history (spec 02 section 2), shown below it.
                  <UnstyledButton
                    onClick={() =>
                      historyRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' })
                    }
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
                    <IconChevronDown size={14} aria-hidden />
                  </UnstyledButton>
                ) : (
                  RECORD_MESSAGES.notAvailable
                )}
              </DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList>
      </Stack>

      {record.history.length > 0 ? (
        <Stack gap="xs">
          <div ref={historyRef} />
          <SectionTitle>Score history</SectionTitle>
          <RecordHistory
            items={record.history}
            scored={kind.scoring.type !== 'none'}
            feedbackLabel={feedbackLabel === 'HOD / Unit Head Feedback' ? 'Feedback' : feedbackLabel}
          />
        </Stack>
      ) : null}

      <DialogActions>
        {record.canDelete && onDelete ? (
          <Button variant="light" color="red" onClick={() => onDelete(record)}>
            Delete
          </Button>
        ) : null}
        {onSignOff && user && canRequestSignOff(user, record) ? (
          <Button
            variant="filled"
            leftSection={<IconSignature size={18} aria-hidden />}
            onClick={() => onSignOff(record)}
          >
            {SIGN_OFF_MESSAGES.action}
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
export function fieldValue(record: RecordDetail, field: FieldDef, kind?: RecordKind): ReactNode {
  if (kind?.role?.field === field.name) {
    return <RoleDetail logged={record.details[field.name]} confirmed={record.confirmedRole} />;
  }
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
