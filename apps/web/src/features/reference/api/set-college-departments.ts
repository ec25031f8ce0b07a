import { CollegeListItemSchema, type SetCollegeDepartmentsInput } from '@pgel/shared/schemas/reference-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { collegesQueryKey } from './list-colleges';

const SetDepartmentsResponseSchema = z.object({ message: z.string(), college: CollegeListItemSchema });

/** `PUT /admin/colleges/{id}/departments`: the departments a college runs (Edit on a row). */
export async function setCollegeDepartments({
  collegeId,
  ...input
}: SetCollegeDepartmentsInput & { collegeId: string }) {
  const payload = await apiRequest<unknown>(`/admin/colleges/${encodeURIComponent(collegeId)}/departments`, {
    method: 'PUT',
    body: input,
  });
  return SetDepartmentsResponseSchema.parse(payload);
}

export function useSetCollegeDepartments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCollegeDepartments,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collegesQueryKey }),
  });
}
