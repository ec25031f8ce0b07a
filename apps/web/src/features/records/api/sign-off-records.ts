import {
  type SignOffRecordsInput,
  type SignOffResponse,
  SignOffResponseSchema,
} from '@pgel/shared/records/sign-off';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { recordsQueryKey } from './list-records';
import { signOffRecord } from './sign-off-record';

/** `POST /records/sign-off` (issue 30): up to 20 of the resident's entries, all or none. */
export async function signOffRecords(input: SignOffRecordsInput): Promise<SignOffResponse> {
  const payload = await apiRequest<unknown>('/records/sign-off', { method: 'POST', body: input });
  return SignOffResponseSchema.parse(payload);
}

/**
 * Signs off one entry (its own route) or several (the selection's), then refreshes every list,
 * detail and count of records: the entries show as verified, with the faculty member's name.
 */
export function useSignOffRecords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ recordIds, ...input }: SignOffRecordsInput): Promise<SignOffResponse> => {
      const [only] = recordIds;
      return recordIds.length === 1 && only
        ? signOffRecord({ id: only, ...input })
        : signOffRecords({ recordIds, ...input });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordsQueryKey }),
  });
}
