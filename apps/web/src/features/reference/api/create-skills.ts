import { CreatedCountSchema, type CreateSkillsInput } from '@pgel/shared/schemas/reference-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { skillsQueryKey } from './list-skills';

/** `POST /skills`: one record per comma-separated item of the text. */
export async function createSkills(input: CreateSkillsInput) {
  const payload = await apiRequest<unknown>('/skills', { method: 'POST', body: input });
  return CreatedCountSchema.parse(payload);
}

export function useCreateSkills() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSkills,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: skillsQueryKey }),
  });
}
