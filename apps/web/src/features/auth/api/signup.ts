import type { MessageResponse } from '@pgel/shared/schemas/common';
import type { SignupInput } from '@pgel/shared/schemas/signup';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /auth/signup`: registers a student and mails a verification link. */
export function signup(input: SignupInput): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/auth/signup', { body: input });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
