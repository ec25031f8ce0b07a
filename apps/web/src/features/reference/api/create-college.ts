import { CollegeListItemSchema, type CreateCollegeInput } from '@pgel/shared/schemas/reference-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { collegesQueryKey } from './list-colleges';

const CreateCollegeResponseSchema = z.object({ message: z.string(), college: CollegeListItemSchema });

/** `POST /admin/colleges`: the Add College form (the logo already uploaded, sent by id). */
export async function createCollege(input: CreateCollegeInput) {
  const payload = await apiRequest<unknown>('/admin/colleges', { method: 'POST', body: input });
  return CreateCollegeResponseSchema.parse(payload);
}

export function useCreateCollege() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCollege,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collegesQueryKey }),
  });
}
