import { type CreateInstitutionInput, InstitutionSchema } from '@pgel/shared/schemas/reference-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { institutionsQueryKey } from './list-institutions';

const CreateInstitutionResponseSchema = z.object({ message: z.string(), institution: InstitutionSchema });

/** `POST /institutions`: the Add Institution form. */
export async function createInstitution(input: CreateInstitutionInput) {
  const payload = await apiRequest<unknown>('/institutions', { method: 'POST', body: input });
  return CreateInstitutionResponseSchema.parse(payload);
}

export function useCreateInstitution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInstitution,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: institutionsQueryKey }),
  });
}
