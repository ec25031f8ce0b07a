import { Button, Group, Stack, Text } from '@mantine/core';
import { verifierRemarkLabel } from '@pgel/shared/drp/coordinator-dashboard';
import { RECORD_MESSAGES, type RecordListItem } from '@pgel/shared/records/api';
import { isSkillRole, loggedRole, type SkillRole } from '@pgel/shared/records/roles';
import type { RecordKind } from '@pgel/shared/records/types';
import { IconRepeat } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { showError } from '../../../components/dialogs';
import { FormDialog } from '../../../components/form-dialog';
import tapTargets from '../../../components/tap-targets.module.css';
import { sessionUserQueryOptions } from '../../../lib/session';
import { useResetRecord } from '../api/reset-record';
import { useVerifyRecord } from '../api/verify-record';
import { approvalInput, describeScore, rememberApproval, useLastApproval } from '../last-approval';
import { recordFailureMessage, showRecordSuccess } from './record-dialogs';
import { formatDate, StatusBadge } from './record-format';
import { askResetReason } from './reset-reason-dialog';
import { RoleConfirmField } from './role-confirm-field';
import {
  initialVerifyValues,
  scoringFor,
  showVerifyRequired,
  toVerifyInput,
  unscoredRows,
  VerifyFields,
  type VerifyValues,
} from './verify-fields';

type VerifyModalProps = {
  kind: RecordKind;
  /** The record to verify; the modal is open while it is set. */
  record: RecordListItem | null;
  onClose: () => void;
  /**
   * 'approve': the verdict starts at Approved (a pending entry's `a` shortcut before any approval
   * gave a score to reuse, issue 30).
   */
  preset?: 'approve';
  /** After the server verified it (not after a reset). */
  onVerified?: (record: RecordListItem) => void;
};

/**
 * The Action modal (spec 02 sections 2, 5): Approved or Rejected ('Pending' shown until chosen),
 * a score from the kind's scale or each rubric row with the live overall, and required Feedback.
 * Submit verifies; Reset, with a reason (issue 27), sends the record back to Pending and clears
 * feedback and score; the history keeps them. Escape in a message dialog over it never closes it
 * (the feedback typed stays). Entries that log the resident's role show it to confirm or change.
 */
export function VerifyModal({ kind, record, onClose, preset, onVerified }: VerifyModalProps) {
  return (
    <FormDialog
      opened={record !== null}
      onClose={onClose}
      title="Verification"
      size="lg"
      closeOnEscape={false}
      className={tapTargets.area}
    >
      {record ? (
        <VerifyForm
          key={record.id}
          kind={kind}
          record={record}
          onClose={onClose}
          preset={preset}
          onVerified={onVerified}
        />
      ) : null}
    </FormDialog>
  );
}

/** What the entry is about: its summary field, from details or a common column, as text. */
export function summaryOf(kind: RecordKind, record: RecordListItem): string {
  const value = record.details[kind.summaryField] ?? (record as Record<string, unknown>)[kind.summaryField];
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (value && typeof value === 'object' && 'title' in value && typeof value.title === 'string')
    return value.title;
  return '';
}

function VerifyForm({
  kind,
  record,
  onClose,
  preset,
  onVerified,
}: {
  kind: RecordKind;
  record: RecordListItem;
  onClose: () => void;
  preset?: 'approve';
  onVerified?: (record: RecordListItem) => void;
}) {
  const scoring = scoringFor(kind, record.details);
  // A DRP coordinator's remark is their DRPC Remark (issue 28); the signed-in user as the
  // guard loaded them (never fetched again here).
  const user = useQuery({ ...sessionUserQueryOptions(), enabled: false }).data ?? null;
  const remarkLabel = verifierRemarkLabel(kind, user, 'Feedback');
  const [values, setValues] = useState<VerifyValues>(() => {
    const initial = initialVerifyValues(scoring, record);
    return preset === 'approve' && record.status === 'pending' ? { ...initial, status: 'approved' } : initial;
  });
  // The score and feedback of this verifier's last approval scored the same way (issue 30).
  const last = useLastApproval(user?.id ?? '', user ? scoring : null);
  const lastInput = last ? approvalInput(scoring, last) : null;
  const fillLast = () => {
    if (!last || !lastInput) return;
    setValues((old) => ({
      ...old,
      status: 'approved',
      score: lastInput.score ?? old.score,
      rubric: lastInput.rubric ? [...lastInput.rubric] : old.rubric,
      remark: lastInput.remark,
    }));
  };
  const logged = loggedRole(kind, record.details);
  // The logged role starts chosen: submitting as it is confirms it (issue 27).
  const [role, setRole] = useState<SkillRole | null>(() =>
    isSkillRole(record.confirmedRole) ? record.confirmedRole : logged,
  );
  const [markUnscored, setMarkUnscored] = useState(false);
  const verify = useVerifyRecord();
  const reset = useResetRecord();
  const summary = summaryOf(kind, record);
  const messages = kind.verifyMessages ?? {
    required: RECORD_MESSAGES.verifyAllFields,
    failed: RECORD_MESSAGES.fallback,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = toVerifyInput(values, scoring);
    if (!input) {
      setMarkUnscored(true);
      void showVerifyRequired(messages.required, unscoredRows(values, scoring));
      return;
    }
    verify.mutate(
      { id: record.id, ...input, ...(kind.role && role ? { confirmedRole: role } : {}) },
      {
        onSuccess: ({ message }) => {
          if (user) rememberApproval(user.id, scoring, input);
          onVerified?.(record);
          onClose();
          void showRecordSuccess(message);
        },
        onError: (error) => void showError(recordFailureMessage(error, messages.failed)),
      },
    );
  };

  const resetRecord = async () => {
    const reason = await askResetReason();
    if (reason === null) return;
    reset.mutate(
      { id: record.id, reason },
      {
        onSuccess: ({ message }) => {
          onClose();
          void showRecordSuccess(message);
        },
        onError: (error) => void showError(recordFailureMessage(error, messages.failed)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Verification">
      <Stack gap="md">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600}>{record.studentName}</Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {kind.menuTitle}
              {summary ? ` · ${summary}` : ''} · {formatDate(record.date)}
            </Text>
          </Stack>
          <StatusBadge status={record.status} />
        </Group>
        {lastInput && last ? (
          <Group gap="xs" wrap="wrap" justify="space-between">
            <Text size="sm" c="dimmed" style={{ minWidth: 0, overflowWrap: 'anywhere' }} lineClamp={2}>
              Your last approval: {describeScore(scoring, last) || 'not scored'} · “{last.remark}”
            </Text>
            <Button
              variant="light"
              size="compact-sm"
              leftSection={<IconRepeat size={16} aria-hidden />}
              onClick={fillLast}
            >
              Approve as last time
            </Button>
          </Group>
        ) : null}
        {kind.role ? <RoleConfirmField logged={logged} value={role} onChange={setRole} /> : null}
        <VerifyFields
          scoring={scoring}
          values={values}
          onChange={setValues}
          markUnscored={markUnscored}
          verdicts={kind.verdicts}
          remarkLabel={remarkLabel}
          focusScore={preset === 'approve'}
        />
        <DialogActions>
          <Button
            variant="default"
            color="red.8"
            onClick={resetRecord}
            loading={reset.isPending}
            disabled={record.status === 'pending' || verify.isPending}
            title={record.status === 'pending' ? 'The entry is already pending' : undefined}
          >
            Reset
          </Button>
          <Button type="submit" loading={verify.isPending} disabled={reset.isPending}>
            Submit
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}
