import { type CreateRecordInput, CreateRecordResponseSchema } from '@pgel/shared/records/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { recordsQueryKey } from './list-records';

/** `POST /records` (a student): the new record, Pending, and the kind's success message. */
export async function createRecord(input: CreateRecordInput, idempotencyKey?: string) {
  const payload = await apiRequest<unknown>('/records', { method: 'POST', body: input, idempotencyKey });
  return CreateRecordResponseSchema.parse(payload);
}

/** A random id; `crypto.randomUUID` needs a secure context, which a college's LAN address is not. */
function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(36)).join('');
}

/** FNV-1a over the text, twice with different seeds: tells one entry's values from another's. */
function fingerprint(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
  }
  return (a >>> 0).toString(36) + (b >>> 0).toString(36);
}

/**
 * Creates an entry with an `Idempotency-Key` made of this form's own random id and the values:
 * sending the same values again (the phone lost the answer, the student pressed Submit again
 * after a network error, the automatic retry below) gives back the entry already made, while
 * changed values are a new request. After a success the form's id changes, so the same values
 * entered again on purpose make a second entry.
 */
export function useCreateRecord() {
  const queryClient = useQueryClient();
  const formId = useRef(randomId());
  const idempotencyKeyOf = (input: CreateRecordInput) =>
    `${formId.current}.${fingerprint(JSON.stringify(input))}`;
  const mutation = useMutation({
    mutationFn: (input: CreateRecordInput) => createRecord(input, idempotencyKeyOf(input)),
    // Safe to repeat because of the key: a request that never reached the server, or whose
    // answer was lost, is tried twice more before the student sees an error.
    retry: (failures, error) => isApiError(error) && error.isNetworkError && failures < 2,
    retryDelay: (attempt) => 1000 * 2 ** attempt,
    onSuccess: () => {
      formId.current = randomId();
      return queryClient.invalidateQueries({ queryKey: recordsQueryKey });
    },
  });
  return {
    ...mutation,
    /**
     * The key this form sends these values with: an entry saved to the outbox after a failed
     * send keeps it (issue 29), so if that send did reach the server, the outbox's makes nothing new.
     */
    idempotencyKeyOf,
    /** A new form id once the entry went to the outbox: the same values typed again are a new entry. */
    renewKey: () => {
      formId.current = randomId();
    },
  };
}
