import { MessageResponseSchema } from '@pgel/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { studentsQueryKey } from './list-students';

/** `POST /students/{id}/verification`: the verify toggle (Active / Ban). */
export async function setVerification({ id, verifyByHod }: { id: string; verifyByHod: boolean }) {
  const payload = await apiRequest<unknown>(`/students/${encodeURIComponent(id)}/verification`, {
    method: 'POST',
    body: { verifyByHod },
  });
  return MessageResponseSchema.parse(payload);
}

export function useSetVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setVerification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: studentsQueryKey }),
  });
}
