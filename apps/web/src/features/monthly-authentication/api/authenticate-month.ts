import {
  type AuthenticateMonthInput,
  AuthenticateMonthResponseSchema,
} from '@pgel/shared/supervision/month-authentication';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { monthAuthenticationsKey } from './get-student-authentications';
import { residentsToAuthenticateKey } from './list-residents-to-authenticate';

/** `POST /students/{id}/authentications`: the guide signs one month with their password again. */
export async function authenticateMonth({
  studentId,
  ...input
}: AuthenticateMonthInput & { studentId: string }) {
  const payload = await apiRequest<unknown>(`/students/${encodeURIComponent(studentId)}/authentications`, {
    method: 'POST',
    body: input,
  });
  return AuthenticateMonthResponseSchema.parse(payload);
}

export function useAuthenticateMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authenticateMonth,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: monthAuthenticationsKey }),
        queryClient.invalidateQueries({ queryKey: residentsToAuthenticateKey }),
      ]);
    },
  });
}
