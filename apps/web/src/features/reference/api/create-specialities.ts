import { CreatedCountSchema, type CreateSpecialitiesInput } from '@pgel/shared/schemas/reference-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { specialitiesQueryKey } from './list-specialities';

/** `POST /specialities`: one record per comma-separated item of the text. */
export async function createSpecialities(input: CreateSpecialitiesInput) {
  const payload = await apiRequest<unknown>('/specialities', { method: 'POST', body: input });
  return CreatedCountSchema.parse(payload);
}

export function useCreateSpecialities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSpecialities,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: specialitiesQueryKey }),
  });
}
