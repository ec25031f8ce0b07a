import type { CreateRecordInput } from '@pgel/shared/records/api';
import { OUTBOX_MESSAGES } from '@pgel/shared/records/outbox';
import { COMMON_FIELDS, type RecordKind } from '@pgel/shared/records/types';
import type { RecordValues } from '@pgel/shared/records/validation';
import { useMemo, useRef } from 'react';
import { showMessage } from '../../../components/dialogs';
import { isApiError } from '../../../lib/api-client';
import { isOffline, type OfflineFileKeeper, randomUuid } from '../../../lib/offline-files';
import {
  addToOutbox,
  type OutboxFile,
  type OutboxItem,
  removeOutboxItem,
  replaceOutboxItem,
} from './outbox-store';
import { OUTBOX_QUEUED_EVENT, registerOutboxSync } from './outbox-sync';

const isCommonField = (name: string) => (COMMON_FIELDS as readonly string[]).includes(name);

/** A refused entry's values as the form holds them (its identifiers come from the outbox). */
export function valuesFromOutbox(kind: RecordKind, item: OutboxItem, start: RecordValues): RecordValues {
  const values = { ...start };
  for (const field of kind.fields) {
    const value = isCommonField(field.name)
      ? item.body[field.name as keyof CreateRecordInput]
      : item.body.details?.[field.name];
    if (value !== undefined && value !== null) values[field.name] = value;
  }
  return values;
}

/** Whether a failed save should go to the outbox: no answer at all (not an HTTP refusal). */
export function isNoSignal(error: unknown): boolean {
  return isApiError(error) && error.isNetworkError;
}

/** Tells the student the entry waits on the device (the form has closed or started afresh). */
export function showSavedOnDevice(): Promise<void> {
  return showMessage({ title: OUTBOX_MESSAGES.savedTitle, message: OUTBOX_MESSAGES.savedText, tone: 'info' });
}

/**
 * What an entry form needs to save with no signal (issue 29): a keeper for the files picked
 * offline, `queue` to put the entry in the user's outbox with its `Idempotency-Key` (replacing
 * the refused entry being edited, if any), and `sent` to forget that refused entry once the
 * corrected one reached the server.
 */
export function useOfflineSave(userId: string | null, editing: OutboxItem | null | undefined) {
  const files = useRef(new Map<string, File>());
  const keeper = useMemo<OfflineFileKeeper>(
    () => ({
      keep: (file) => {
        const id = randomUuid();
        files.current.set(id, file);
        return id;
      },
    }),
    [],
  );

  /** The files the entry refers to (a replaced pick is left behind), and those of the edited item. */
  const filesOf = (input: CreateRecordInput): OutboxFile[] => {
    const used: OutboxFile[] = [];
    const values = [
      ...Object.entries(input.details ?? {}),
      ...Object.entries(input).filter(([name]) => name !== 'details'),
    ];
    for (const [field, value] of values) {
      if (typeof value !== 'string') continue;
      const file = files.current.get(value);
      if (file) used.push({ field, placeholder: value, name: file.name, type: file.type, blob: file });
      const earlier = editing?.files.find((kept) => kept.placeholder === value);
      if (earlier) used.push(earlier);
    }
    return used;
  };

  const queue = async (input: CreateRecordInput, idempotencyKey: string): Promise<void> => {
    if (!userId) throw new Error('No signed-in user');
    const item = { kind: 'record' as const, body: input, files: filesOf(input), idempotencyKey };
    if (editing) await replaceOutboxItem(userId, editing.seq, item);
    else await addToOutbox(userId, item);
    files.current.clear();
    void registerOutboxSync();
    // Queued with the signal back (a file picked offline): the open app sends it at once.
    window.dispatchEvent(new Event(OUTBOX_QUEUED_EVENT));
  };

  /** Whether the entry refers to a file kept on the device: then only the outbox can send it. */
  const holdsKeptFiles = (input: CreateRecordInput): boolean => filesOf(input).length > 0;

  const sent = async () => {
    if (userId && editing) await removeOutboxItem(userId, editing.seq);
  };

  return { keeper, queue, sent, isOffline, holdsKeptFiles };
}
