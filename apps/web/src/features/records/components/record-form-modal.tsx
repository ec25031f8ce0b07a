import { Alert, Button, Divider, Grid, Stack, Title } from '@mantine/core';
import { type CreateRecordInput, RECORD_MESSAGES } from '@pgel/shared/records/api';
import { ENTRY_FORM_MESSAGES as M } from '@pgel/shared/records/entry-form';
import { OUTBOX_MESSAGES } from '@pgel/shared/records/outbox';
import type { FieldDef, RecordKind } from '@pgel/shared/records/types';
import {
  type FieldError,
  type RecordValues,
  recordErrorMessage,
  todayIso,
  validateRecord,
} from '@pgel/shared/records/validation';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { showConfirm, showError } from '../../../components/dialogs';
import { FormDialog } from '../../../components/form-dialog';
import { isApiError } from '../../../lib/api-client';
import { OfflineFilesContext } from '../../../lib/offline-files';
import { sessionUserQueryOptions } from '../../../lib/session';
import { useCreateRecord } from '../api/create-record';
import { useRestrictedAllowed } from '../api/get-form-context';
import { useLastRole, useRecordDefaults } from '../api/get-record-defaults';
import type { OutboxItem } from '../outbox/outbox-store';
import { isNoSignal, showSavedOnDevice, useOfflineSave, valuesFromOutbox } from '../outbox/use-offline-save';
import { recordFailureMessage, showRecordSuccess, showRecordValidation } from './record-dialogs';
import {
  discardRecordDraft,
  draftLeavesOutPatient,
  identifiesPatient,
  restoreRecordDraft,
  saveRecordDraft,
} from './record-draft';
import { RecordField } from './record-fields';
import { EntryDraftRestoredNote, NextEntryNote } from './record-form-notes';
import {
  changeRecordValue,
  errorsByField,
  groupBySection,
  initialRecordValues,
  isEdited,
  nextEntryValues,
  sameValue,
  toCreateRecordInput,
  withRecordDefaults,
} from './record-values';

/** Inputs that get a whole row; the rest sit two to a row on wider screens. */
const WIDE_INPUTS: ReadonlySet<FieldDef['input']> = new Set(['textarea', 'text-list', 'file']);

type RecordFormModalProps = {
  kind: RecordKind;
  opened: boolean;
  onClose: () => void;
  /** Issue 29: a saved-offline entry the server refused, opened to correct it (replaced on save). */
  outboxItem?: OutboxItem;
};

/** What the form tells its frame, so the frame's close button and Escape ask first. */
type Edited = { any: boolean; patient: boolean };

/**
 * The entry form of a kind, drawn from its `fields` (grouped by section for the clinical case).
 * Checked with the same `validateRecord` the server runs; the first error is shown (or all of
 * them as a bullet list for `showAllErrors` kinds) and every failing field is marked.
 *
 * Issue 10: an outside click never closes it, and closing it with something typed (close
 * button, Escape, Cancel) asks first; what was typed is kept as a draft on the device.
 */
export function RecordFormModal({ kind, opened, onClose, outboxItem }: RecordFormModalProps) {
  const edited = useRef<Edited>({ any: false, patient: false });
  const isAsking = useRef(false);
  const requestClose = useCallback(async () => {
    if (isAsking.current) return;
    if (edited.current.any) {
      isAsking.current = true;
      const leave = await showConfirm({
        title: M.closeTitle,
        message: edited.current.patient ? `${M.closeKept} ${M.patientNotKept}` : M.closeKept,
        confirmLabel: M.closeConfirm,
        cancelLabel: M.keepEditing,
      });
      isAsking.current = false;
      if (!leave) return;
    }
    onClose();
  }, [onClose]);
  const askToClose = useCallback(() => void requestClose(), [requestClose]);
  const setEdited = useCallback((next: Edited) => {
    edited.current = next;
  }, []);

  // The page gives this modal a new key on every opening (and per kind), so each opening starts
  // afresh (today's date, the defaults, the draft); the form stays drawn while the modal fades.
  return (
    <FormDialog
      opened={opened}
      onClose={askToClose}
      title={kind.formTitle}
      size={hasSections(kind) ? 'xl' : 'lg'}
      closeOnClickOutside={false}
      onEscape={askToClose}
    >
      <RecordForm
        kind={kind}
        onDone={onClose}
        onCancel={askToClose}
        onEditedChange={setEdited}
        outboxItem={outboxItem}
      />
    </FormDialog>
  );
}

function hasSections(kind: RecordKind): boolean {
  return kind.fields.some((field) => field.section !== undefined);
}

type RecordFormProps = {
  kind: RecordKind;
  /** Closes the frame at once (the entry was sent). */
  onDone: () => void;
  /** Cancel: the frame asks first when something was typed. */
  onCancel: () => void;
  onEditedChange: (edited: Edited) => void;
  outboxItem?: OutboxItem;
};

function RecordForm({ kind, onDone, onCancel, onEditedChange, outboxItem }: RecordFormProps) {
  const [today] = useState(() => todayIso());
  const userId = useQuery(sessionUserQueryOptions()).data?.id ?? null;
  // What the form starts with: today's date, then the server's proposals once they arrive.
  const [baseline, setBaseline] = useState<RecordValues>(() => initialRecordValues(kind, today));
  // A refused offline entry starts from its own values (from the outbox), never from a draft.
  const [restored] = useState(() =>
    userId && !outboxItem ? restoreRecordDraft(userId, kind, baseline) : null,
  );
  const [values, setValues] = useState<RecordValues>(() =>
    outboxItem ? valuesFromOutbox(kind, outboxItem, baseline) : (restored ?? baseline),
  );
  const [isDraftShown, setDraftShown] = useState(restored !== null);
  const [savedMessage, setSavedMessage] = useState<string | null>(null);
  // A new generation remounts the inputs (an upload's own state) when the form starts afresh.
  const [generation, setGeneration] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>(() => ({ ...outboxItem?.fieldErrors }));
  const [uploading, setUploading] = useState<ReadonlySet<string>>(new Set());
  const restrictedAllowed = useRestrictedAllowed(kind);
  const defaults = useRecordDefaults(kind);
  const create = useCreateRecord();
  const offline = useOfflineSave(userId, outboxItem);
  const topRef = useRef<HTMLDivElement>(null);

  // The guiding faculty and competency the server proposes fill the fields still empty, once.
  const defaultsApplied = useRef(false);
  useEffect(() => {
    if (!defaults.data || defaultsApplied.current) return;
    defaultsApplied.current = true;
    setBaseline((current) => withRecordDefaults(kind, current, defaults.data));
    setValues((current) => withRecordDefaults(kind, current, defaults.data));
  }, [defaults.data, kind]);

  // The role the student last logged for the skill chosen (issue 27) fills the role, until they
  // tap one themselves: a resident who now does it independently changes it with one tap.
  const roleField = kind.role?.field;
  const subjectValue = kind.role ? values[kind.role.subject] : undefined;
  const subject = typeof subjectValue === 'string' && subjectValue !== '' ? subjectValue : null;
  const lastRole = useLastRole(kind, subject);
  const isRoleChosen = useRef(Boolean(roleField && (restored?.[roleField] || outboxItem)));
  useEffect(() => {
    if (!roleField || subject === null || isRoleChosen.current || !lastRole.isSettled) return;
    const proposed = lastRole.role ?? '';
    setValues((current) =>
      current[roleField] === proposed ? current : { ...current, [roleField]: proposed },
    );
  }, [roleField, subject, lastRole.role, lastRole.isSettled]);

  // The draft follows every change; it is removed when nothing differs from the start.
  useEffect(() => {
    if (userId && !outboxItem) saveRecordDraft(userId, kind, values, baseline);
  }, [userId, kind, values, baseline, outboxItem]);

  useEffect(() => {
    const patient = kind.fields.some(
      (field) => identifiesPatient(kind, field) && !sameValue(values[field.name], baseline[field.name]),
    );
    onEditedChange({ any: isEdited(values, baseline), patient });
  }, [kind, values, baseline, onEditedChange]);

  const change = useCallback(
    (name: string, value: unknown) => {
      if (name === kind.role?.field) isRoleChosen.current = true;
      setValues((current) => changeRecordValue(kind, current, name, value));
      setErrors((current) => {
        if (!(name in current)) return current;
        const { [name]: _cleared, ...rest } = current;
        return rest;
      });
    },
    [kind],
  );

  const setBusy = useCallback((name: string, isBusy: boolean) => {
    setUploading((current) => {
      if (current.has(name) === isBusy) return current;
      const next = new Set(current);
      if (isBusy) next.add(name);
      else next.delete(name);
      return next;
    });
  }, []);

  /** Starts afresh from `start` (a discarded draft, the entry after a saved one). */
  const startAfresh = (start: RecordValues) => {
    isRoleChosen.current = false;
    setBaseline(start);
    setValues(start);
    setErrors({});
    setDraftShown(false);
    setGeneration((n) => n + 1);
    topRef.current?.scrollIntoView?.({ block: 'nearest' });
  };

  const discardDraft = async () => {
    const confirmed = await showConfirm({
      title: M.discardTitle,
      message: M.discardText,
      confirmLabel: M.discardConfirm,
      cancelLabel: M.keepEditing,
      danger: true,
    });
    if (!confirmed) return;
    if (userId) discardRecordDraft(userId, kind);
    startAfresh(withRecordDefaults(kind, initialRecordValues(kind, today), defaults.data));
  };

  /** Checks and sends the entry; then closes, or ('another') clears the form for the next one. */
  const send = (then: 'close' | 'another') => {
    const result = validateRecord(kind, values, { today, restrictedAllowed });
    if (result.errors.length > 0) {
      setErrors(errorsByField(result.errors));
      void showRecordValidation(
        result.errors,
        kind.showAllErrors === true,
        recordErrorMessage(kind, result.errors, values),
      );
      return;
    }
    const sent = values;
    const input = toCreateRecordInput(kind, result.clean);
    // Issue 29: with no signal the entry waits in the device's outbox instead of failing (as does
    // one with a file picked offline: the outbox uploads it first).
    if (offline.isOffline() || offline.holdsKeptFiles(input)) {
      void saveOnDevice(input, then, sent);
      return;
    }
    create.mutate(input, {
      onSuccess: (answer) => {
        void offline.sent();
        if (userId) discardRecordDraft(userId, kind);
        const message = answer.message || kind.successMessage;
        if (then === 'close') {
          onDone();
          void showRecordSuccess(message);
          return;
        }
        startAfresh(nextEntryValues(kind, sent, today));
        setSavedMessage(message);
      },
      onError: (error) => {
        if (isNoSignal(error)) {
          void saveOnDevice(input, then, sent);
          return;
        }
        const fieldErrors = isApiError(error) ? error.fieldErrors : undefined;
        if (fieldErrors && Object.keys(fieldErrors).length > 0) {
          setErrors({ ...fieldErrors });
          const list: FieldError[] = Object.entries(fieldErrors).map(([field, message]) => ({
            field,
            message,
          }));
          if (kind.showAllErrors) {
            void showRecordValidation(list, true);
            return;
          }
        }
        void showError(recordFailureMessage(error, kind.submitFailedMessage ?? RECORD_MESSAGES.submitFailed));
      },
    });
  };

  /** Issue 29: the entry goes to the outbox with the key it was (or would have been) sent with. */
  const saveOnDevice = async (input: CreateRecordInput, then: 'close' | 'another', sent: RecordValues) => {
    try {
      await offline.queue(input, create.idempotencyKeyOf(input));
    } catch {
      void showError(kind.submitFailedMessage ?? RECORD_MESSAGES.submitFailed);
      return;
    }
    create.renewKey();
    if (userId) discardRecordDraft(userId, kind);
    if (then === 'close') {
      onDone();
      void showSavedOnDevice();
      return;
    }
    startAfresh(nextEntryValues(kind, sent, today));
    setSavedMessage(OUTBOX_MESSAGES.savedText);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send('close');
  };
  const hideSaved = useCallback(() => setSavedMessage(null), []);

  const sections = groupBySection(kind.fields);
  const content = (
    <form onSubmit={submit} noValidate aria-label={kind.formTitle}>
      <Stack gap="md">
        <div ref={topRef} />
        {outboxItem?.message ? (
          <Alert color="red" variant="light" title={OUTBOX_MESSAGES.rejected}>
            {outboxItem.message}
          </Alert>
        ) : null}
        {savedMessage ? <NextEntryNote message={savedMessage} onClose={hideSaved} /> : null}
        {isDraftShown ? (
          <EntryDraftRestoredNote
            leavesOutPatient={draftLeavesOutPatient(kind)}
            onDiscard={() => void discardDraft()}
          />
        ) : null}
        {sections.map((section) => (
          <Stack key={`${section.title ?? ''}:${generation}`} gap="sm">
            {section.title ? (
              <Divider
                labelPosition="left"
                label={
                  <Title order={3} fz="sm" fw={650} c="brand.8" tt="uppercase">
                    {section.title}
                  </Title>
                }
              />
            ) : null}
            <Grid gap="md">
              {section.fields.map((field) => (
                <Grid.Col
                  key={field.name}
                  // The role's four cards get a row of their own (issue 27).
                  span={{
                    base: 12,
                    sm: WIDE_INPUTS.has(field.input) || field.name === kind.role?.field ? 12 : 6,
                  }}
                >
                  <RecordField
                    field={field}
                    values={values}
                    error={errors[field.name]}
                    onChange={change}
                    today={today}
                    restrictedAllowed={restrictedAllowed}
                    onBusyChange={setBusy}
                    uploadMessages={kind.uploadMessages}
                  />
                </Grid.Col>
              ))}
            </Grid>
          </Stack>
        ))}
        <DialogActions>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            variant="light"
            onClick={() => send('another')}
            loading={create.isPending}
            disabled={uploading.size > 0}
          >
            {M.saveAndAddAnother}
          </Button>
          <Button type="submit" loading={create.isPending} disabled={uploading.size > 0}>
            Submit
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
  // Files picked with no signal are kept for the outbox (issue 29).
  return <OfflineFilesContext.Provider value={offline.keeper}>{content}</OfflineFilesContext.Provider>;
}
