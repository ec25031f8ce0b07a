import type { ForgotPasswordInput } from '@pgel/shared/schemas/auth';
import type { MessageResponse } from '@pgel/shared/schemas/common';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /auth/forgot-password`: the same answer whether or not the address has an account. */
export function forgotPassword(input: ForgotPasswordInput): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/auth/forgot-password', { body: input });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
