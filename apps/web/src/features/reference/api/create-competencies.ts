import { type CreateCompetenciesInput, CreatedCountSchema } from '@pgel/shared/schemas/reference-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { competenciesQueryKey } from './list-competencies';

/** `POST /competencies`: one competency per comma-separated item of the text. */
export async function createCompetencies(input: CreateCompetenciesInput) {
  const payload = await apiRequest<unknown>('/competencies', { method: 'POST', body: input });
  return CreatedCountSchema.parse(payload);
}

export function useCreateCompetencies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompetencies,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: competenciesQueryKey }),
  });
}
