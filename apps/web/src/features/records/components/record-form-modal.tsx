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
import { type FormEvent, memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
import { RecordField, type RecordFieldProps } from './record-fields';
import { EntryDraftRestoredNote, NextEntryNote, RepeatLastNote } from './record-form-notes';
import { createDebouncedSave, createValuesStore, useStoreValue, type ValuesStore } from './record-form-store';
import {
  changeRecordValue,
  errorsByField,
  groupBySection,
  initialRecordValues,
  isEdited,
  nextEntryValues,
  sameValue,
  toCreateRecordInput,
  withLastEntry,
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
/** Worked out when the frame asks (on close), not on every key. */
type EditedProbe = () => Edited;
const NOTHING_EDITED: EditedProbe = () => ({ any: false, patient: false });

/** How long the values rest before the draft is written (not on every key, issue 29). */
const DRAFT_DELAY_MS = 400;

/**
 * The entry form of a kind, drawn from its `fields` (grouped by section for the clinical case).
 * Checked with the same `validateRecord` the server runs; the first error is shown (or all of
 * them as a bullet list for `showAllErrors` kinds) and every failing field is marked.
 *
 * Issue 10: an outside click never closes it, and closing it with something typed (close
 * button, Escape, Cancel) asks first; what was typed is kept as a draft on the device.
 */
export function RecordFormModal({ kind, opened, onClose, outboxItem }: RecordFormModalProps) {
  const edited = useRef<EditedProbe>(NOTHING_EDITED);
  const isAsking = useRef(false);
  const requestClose = useCallback(async () => {
    if (isAsking.current) return;
    const now = edited.current();
    if (now.any) {
      isAsking.current = true;
      const leave = await showConfirm({
        title: M.closeTitle,
        message: now.patient ? `${M.closeKept} ${M.patientNotKept}` : M.closeKept,
        confirmLabel: M.closeConfirm,
        cancelLabel: M.keepEditing,
      });
      isAsking.current = false;
      if (!leave) return;
    }
    onClose();
  }, [onClose]);
  const askToClose = useCallback(() => void requestClose(), [requestClose]);
  const setEdited = useCallback((probe: EditedProbe) => {
    edited.current = probe;
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
  /** Gives the frame a way to ask what was edited. */
  onEditedChange: (probe: EditedProbe) => void;
  outboxItem?: OutboxItem;
};

function RecordForm({ kind, onDone, onCancel, onEditedChange, outboxItem }: RecordFormProps) {
  const [today] = useState(() => todayIso());
  const userId = useQuery(sessionUserQueryOptions()).data?.id ?? null;
  // What the form starts with: today's date, then the server's proposals once they arrive. Read
  // in handlers only (the draft, the close question), so kept in a ref.
  const baseline = useRef<RecordValues>(initialRecordValues(kind, today));
  // A refused offline entry starts from its own values (from the outbox), never from a draft.
  const [restored] = useState(() =>
    userId && !outboxItem ? restoreRecordDraft(userId, kind, baseline.current) : null,
  );
  // The values live outside React state: a key re-renders its own input only (issue 29).
  const [store] = useState(() =>
    createValuesStore(
      outboxItem ? valuesFromOutbox(kind, outboxItem, baseline.current) : (restored ?? baseline.current),
    ),
  );
  const [isDraftShown, setDraftShown] = useState(restored !== null);
  /** The date of the last entry the form started from (repeat last), while its note shows. */
  const [repeatedFrom, setRepeatedFrom] = useState<string | null>(null);
  const [savedMessage, setSavedMessage] = useState<string | null>(null);
  // A new generation remounts the inputs (an upload's own state) when the form starts afresh.
  const [generation, setGeneration] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>(() => ({ ...outboxItem?.fieldErrors }));
  const errorsRef = useRef(errors);
  errorsRef.current = errors;
  const [uploading, setUploading] = useState<ReadonlySet<string>>(new Set());
  const restrictedAllowed = useRestrictedAllowed(kind);
  const defaults = useRecordDefaults(kind);
  const create = useCreateRecord();
  const offline = useOfflineSave(userId, outboxItem);
  const topRef = useRef<HTMLDivElement>(null);

  // The draft follows the values once they rest; it is removed when nothing differs from the start.
  const [draft] = useState(() =>
    createDebouncedSave(() => {
      if (userId && !outboxItem) saveRecordDraft(userId, kind, store.get(), baseline.current);
    }, DRAFT_DELAY_MS),
  );
  useEffect(() => {
    const unsubscribe = store.subscribe(draft.schedule);
    // Closing the form (or the tab) keeps what was typed just before.
    window.addEventListener('pagehide', draft.flush);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', draft.flush);
      draft.flush();
    };
  }, [store, draft]);

  useEffect(() => {
    onEditedChange(() => {
      const values = store.get();
      const start = baseline.current;
      return {
        any: isEdited(values, start),
        patient: kind.fields.some(
          (field) => identifiesPatient(kind, field) && !sameValue(values[field.name], start[field.name]),
        ),
      };
    });
  }, [kind, store, onEditedChange]);

  /** Sets the values the form starts from (and, unless edited since, shows). */
  const rebase = useCallback(
    (next: (current: RecordValues) => RecordValues) => {
      baseline.current = next(baseline.current);
      store.update(next);
    },
    [store],
  );

  // The server's proposals fill the fields still empty, once: the guiding faculty and competency,
  // and (repeat last, issue 29) the other choices of the student's last entry of the kind — not
  // over a restored draft, which is the student's own unfinished entry.
  const defaultsApplied = useRef(false);
  useEffect(() => {
    if (!defaults.data || defaultsApplied.current) return;
    defaultsApplied.current = true;
    const proposals = defaults.data;
    let repeated = false;
    rebase((current) => {
      const proposed = withRecordDefaults(kind, current, proposals);
      if (restored || outboxItem) return proposed;
      const last = withLastEntry(kind, proposed, proposals.last);
      repeated ||= last.applied;
      return last.values;
    });
    if (repeated && proposals.last) setRepeatedFrom(proposals.last.date);
  }, [defaults.data, kind, rebase, restored, outboxItem]);

  // The role the student last logged for the skill chosen (issue 27) fills the role, until they
  // tap one themselves: a resident who now does it independently changes it with one tap.
  const roleField = kind.role?.field;
  const subjectValue = useStoreValue(store, kind.role?.subject);
  const subject = typeof subjectValue === 'string' && subjectValue !== '' ? subjectValue : null;
  const lastRole = useLastRole(kind, subject);
  const isRoleChosen = useRef(Boolean(roleField && (restored?.[roleField] || outboxItem)));
  useEffect(() => {
    if (!roleField || subject === null || isRoleChosen.current || !lastRole.isSettled) return;
    const proposed = lastRole.role ?? '';
    store.update((current) =>
      current[roleField] === proposed ? current : { ...current, [roleField]: proposed },
    );
  }, [store, roleField, subject, lastRole.role, lastRole.isSettled]);

  const change = useCallback(
    (name: string, value: unknown) => {
      if (name === kind.role?.field) isRoleChosen.current = true;
      store.update((current) => changeRecordValue(kind, current, name, value));
      if (name in errorsRef.current) {
        setErrors((current) => {
          if (!(name in current)) return current;
          const { [name]: _cleared, ...rest } = current;
          return rest;
        });
      }
    },
    [kind, store],
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

  /** Starts afresh from `start` (a discarded draft, the entry after a saved one, a cleared repeat). */
  const startAfresh = (start: RecordValues) => {
    isRoleChosen.current = false;
    baseline.current = start;
    store.set(start);
    draft.cancel();
    setErrors({});
    setDraftShown(false);
    setRepeatedFrom(null);
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

  /** Repeat last's Clear: the form empties back to blank (today's date only). */
  const clearRepeated = () => {
    if (userId) discardRecordDraft(userId, kind);
    startAfresh(initialRecordValues(kind, today));
  };

  /** Checks and sends the entry; then closes, or ('another') clears the form for the next one. */
  const send = (then: 'close' | 'another') => {
    const values = store.get();
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
        draft.cancel();
        if (userId) discardRecordDraft(userId, kind);
        const message = answer.message || kind.successMessage;
        if (then === 'close') {
          // Nothing is left to keep: the form closes with what was sent.
          baseline.current = store.get();
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
    draft.cancel();
    if (userId) discardRecordDraft(userId, kind);
    if (then === 'close') {
      baseline.current = store.get();
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
        {repeatedFrom ? <RepeatLastNote date={repeatedFrom} onClear={clearRepeated} /> : null}
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
                  <StoreField
                    store={store}
                    field={field}
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

/** The values a field shows: its own, its competency (a skill list), its sources (computed days). */
function namesShownBy(field: FieldDef): [string, string | undefined, string | undefined] {
  if (field.input === 'remote-select' && field.source.list === 'skills') {
    return [field.name, field.source.dependsOn, undefined];
  }
  if (field.input === 'computed') return [field.name, field.from, field.to];
  return [field.name, undefined, undefined];
}

type StoreFieldProps = Omit<RecordFieldProps, 'values'> & { store: ValuesStore };

/**
 * One input of the form, subscribed to the values it shows only (issue 29): typing in the patient's
 * name re-renders that input, not the form. Its other props are stable, so the form's own renders
 * (an error shown, an upload busy) pass it by.
 */
const StoreField = memo(function StoreField({ store, field, ...rest }: StoreFieldProps) {
  const [own, second, third] = namesShownBy(field);
  const value = useStoreValue(store, own);
  const secondValue = useStoreValue(store, second);
  const thirdValue = useStoreValue(store, third);
  const values = useMemo(() => {
    const shown: RecordValues = { [own]: value };
    if (second !== undefined) shown[second] = secondValue;
    if (third !== undefined) shown[third] = thirdValue;
    return shown;
  }, [own, value, second, secondValue, third, thirdValue]);
  return <RecordField field={field} values={values} {...rest} />;
});
