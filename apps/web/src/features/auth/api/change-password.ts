import type { ChangePasswordInput } from '@pgel/shared/schemas/auth';
import type { MessageResponse } from '@pgel/shared/schemas/common';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /auth/change-password` for the signed-in user. */
export function changePassword(input: ChangePasswordInput): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/auth/change-password', { body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
