import { MessageResponseSchema } from '@pgel/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { competenciesQueryKey } from './list-competencies';

/** `DELETE /competencies/{id}`. */
export async function deleteCompetency(id: string) {
  const payload = await apiRequest<unknown>(`/competencies/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return MessageResponseSchema.parse(payload);
}

export function useDeleteCompetency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompetency,
    // Skills hang under competencies: their list may change too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: competenciesQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['reference', 'skills'] }),
      ]),
  });
}
