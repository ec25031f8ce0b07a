import { Alert, Button, Stack, Text } from '@mantine/core';
import { verifierRemarkLabel } from '@pgel/shared/drp/coordinator-dashboard';
import { RECORD_MESSAGES, type RecordListItem } from '@pgel/shared/records/api';
import type { RecordKind } from '@pgel/shared/records/types';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { showError } from '../../../components/dialogs';
import { FormDialog } from '../../../components/form-dialog';
import tapTargets from '../../../components/tap-targets.module.css';
import { sessionUserQueryOptions } from '../../../lib/session';
import { useBulkVerifyRecords } from '../api/bulk-verify-records';
import { rememberApproval } from '../last-approval';
import { recordFailureMessage, showRecordSuccess } from './record-dialogs';
import {
  commonScoring,
  initialVerifyValues,
  scoringFor,
  showVerifyRequired,
  toVerifyInput,
  unscoredRows,
  VerifyFields,
  type VerifyValues,
} from './verify-fields';

type BulkVerifyModalProps = {
  kind: RecordKind;
  opened: boolean;
  /** The pending records ticked in the table. */
  records: readonly RecordListItem[];
  onClose: () => void;
  /** After the server has verified them all. */
  onDone: () => void;
};

/**
 * "Verify selected": one verdict, score and feedback for every ticked pending record, sent in one
 * request that the server applies in one transaction (all or none).
 */
export function BulkVerifyModal({ kind, opened, records, onClose, onDone }: BulkVerifyModalProps) {
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title="Verify selected"
      size="lg"
      closeOnEscape={false}
      className={tapTargets.area}
    >
      {opened ? <BulkVerifyForm kind={kind} records={records} onClose={onClose} onDone={onDone} /> : null}
    </FormDialog>
  );
}

function BulkVerifyForm({ kind, records, onClose, onDone }: Omit<BulkVerifyModalProps, 'opened'>) {
  const scoring = commonScoring(records.map((record) => scoringFor(kind, record.details)));
  const [values, setValues] = useState<VerifyValues>(() => initialVerifyValues(scoring));
  const [markUnscored, setMarkUnscored] = useState(false);
  const bulk = useBulkVerifyRecords();
  // A DRP coordinator's remark is their DRPC Remark (issue 28); the signed-in user as the
  // guard loaded them (never fetched again here).
  const user = useQuery({ ...sessionUserQueryOptions(), enabled: false }).data ?? null;
  const remarkLabel = verifierRemarkLabel(kind, user, 'Feedback');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (records.length === 0) {
      void showError(RECORD_MESSAGES.selectRecords);
      return;
    }
    const input = scoring ? toVerifyInput(values, scoring) : null;
    if (!input) {
      setMarkUnscored(true);
      void showVerifyRequired(RECORD_MESSAGES.verifyAllFields, unscoredRows(values, scoring));
      return;
    }
    bulk.mutate(
      { ...input, recordIds: records.map((record) => record.id) },
      {
        onSuccess: ({ message }) => {
          // Its score and feedback are the last approval's for the `a` shortcut (issue 30).
          if (user && scoring) rememberApproval(user.id, scoring, input);
          onDone();
          void showRecordSuccess(message);
        },
        onError: (error) => void showError(recordFailureMessage(error, RECORD_MESSAGES.fallback)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Verify selected">
      <Stack gap="md">
        <Text size="sm" aria-live="polite">
          {records.length === 1 ? '1 entry selected' : `${records.length} entries selected`}
        </Text>
        {kind.role ? (
          // Issue 27: a role is confirmed entry by entry; in bulk, as each resident logged it.
          <Text size="sm" c="dark.4">
            Each entry's role is confirmed as the resident logged it. To change a role, open that entry and
            use Action.
          </Text>
        ) : null}
        {scoring ? (
          <VerifyFields
            scoring={scoring}
            values={values}
            onChange={setValues}
            markUnscored={markUnscored}
            verdicts={kind.verdicts}
            remarkLabel={remarkLabel}
          />
        ) : (
          <Alert color="orange" variant="light">
            The selected entries are scored differently (different training types). Select entries of one
            training type to verify them together.
          </Alert>
        )}
        <DialogActions>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={bulk.isPending} disabled={!scoring}>
            Submit
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}
