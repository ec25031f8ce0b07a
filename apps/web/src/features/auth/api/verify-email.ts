import type { MessageResponse } from '@pgel/shared/schemas/common';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The three verification links: students, staff and DRP coordinators. */
export type VerifyKind = 'student' | 'staff' | 'drpc';

const ENDPOINTS: Record<VerifyKind, string> = {
  student: '/auth/verify',
  staff: '/auth/verify-staff',
  drpc: '/auth/verify-drpc',
};

/** `POST /auth/verify…/{token}`: consumes a single-use e-mail verification token. */
export function verifyEmail(kind: VerifyKind, token: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>(`${ENDPOINTS[kind]}/${encodeURIComponent(token)}`, { method: 'POST' });
}

export function useVerifyEmail(kind: VerifyKind) {
  return useMutation({ mutationFn: (token: string) => verifyEmail(kind, token) });
}
