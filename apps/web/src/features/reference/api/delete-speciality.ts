import { MessageResponseSchema } from '@pgel/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { specialitiesQueryKey } from './list-specialities';

/** `DELETE /specialities/{id}`. */
export async function deleteSpeciality(id: string) {
  const payload = await apiRequest<unknown>(`/specialities/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return MessageResponseSchema.parse(payload);
}

export function useDeleteSpeciality() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSpeciality,
    // Also after a refusal: the row may have gone or changed meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: specialitiesQueryKey }),
  });
}
