import { MessageResponseSchema } from '@pgel/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { institutionsQueryKey } from './list-institutions';

/**
 * `DELETE /institutions/{id}`. The page reports what the server really answered (spec 03 section
 * 8 notes the old page misread the outcome): the message on success, the refusal otherwise.
 */
export async function deleteInstitution(id: string) {
  const payload = await apiRequest<unknown>(`/institutions/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return MessageResponseSchema.parse(payload);
}

export function useDeleteInstitution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInstitution,
    onSettled: () => queryClient.invalidateQueries({ queryKey: institutionsQueryKey }),
  });
}
