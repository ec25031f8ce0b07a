import { SetCertifiedResponseSchema } from '@pgel/shared/reports/bonafide';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { studentsQueryKey } from '../../students/api/list-students';

/** `PUT /students/{id}/certified` (the student's HOD, Master): the Bonafide Certificate switch. */
export async function setCertified({ id, certified }: { id: string; certified: boolean }) {
  const payload = await apiRequest<unknown>(`/students/${encodeURIComponent(id)}/certified`, {
    method: 'PUT',
    body: { certified },
  });
  return SetCertifiedResponseSchema.parse(payload);
}

export function useSetCertified() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCertified,
    onSettled: () => queryClient.invalidateQueries({ queryKey: studentsQueryKey }),
  });
}
