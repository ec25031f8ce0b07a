import { type AddHodInput, AddStaffResponseSchema } from '@pgel/shared/schemas/staff-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffRootKey } from './list-staff';

/** `POST /staff/hods` (HOD, the footer's Add HOD): another HOD of the caller's college and department. */
export async function addHod(input: AddHodInput) {
  const payload = await apiRequest<unknown>('/staff/hods', { method: 'POST', body: input });
  return AddStaffResponseSchema.parse(payload);
}

export function useAddHod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addHod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffRootKey }),
  });
}
