import { type AddStaffInput, AddStaffResponseSchema } from '@pgel/shared/schemas/staff-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffRootKey } from './list-staff';

/**
 * `POST /staff`: Add Staff. An HOD's new member joins the HOD's own college and department;
 * Master names both (from a college row on /addCollege).
 */
export async function addStaff(input: AddStaffInput) {
  const payload = await apiRequest<unknown>('/staff', { method: 'POST', body: input });
  return AddStaffResponseSchema.parse(payload);
}

export function useAddStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffRootKey }),
  });
}
