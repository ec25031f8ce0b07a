import { MessageResponseSchema } from '@pgel/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { skillsQueryKey } from './list-skills';

/** `DELETE /skills/{id}`. */
export async function deleteSkill(id: string) {
  const payload = await apiRequest<unknown>(`/skills/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return MessageResponseSchema.parse(payload);
}

export function useDeleteSkill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSkill,
    // Also after a refusal: the row may have gone or changed meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: skillsQueryKey }),
  });
}
