import { MessageResponseSchema } from '@pgel/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { studentsQueryKey } from './list-students';

/** `POST /students/{id}/payment` (Master): marks a student Paid or Pending. */
export async function setPayment({ id, paid }: { id: string; paid: boolean }) {
  const payload = await apiRequest<unknown>(`/students/${encodeURIComponent(id)}/payment`, {
    method: 'POST',
    body: { paid },
  });
  return MessageResponseSchema.parse(payload);
}

export function useSetPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: studentsQueryKey }),
  });
}
