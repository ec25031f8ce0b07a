import type { LoginKind } from '@pgel/shared/auth/policies';
import { type LoginInput, LoginResponseSchema } from '@pgel/shared/schemas/auth';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { clearLogoutPending } from '../../../lib/pending-logout';
import { sessionUserQueryOptions, storeUser } from '../../../lib/session';

export type LoginResult = { message: string; user: SessionUser };

/** `POST /auth/login` (students) or `/auth/staff-login` (faculty): the two tabs of the login page. */
export async function login(kind: LoginKind, input: LoginInput): Promise<LoginResult> {
  const payload = await apiRequest<unknown>(kind === 'student' ? '/auth/login' : '/auth/staff-login', {
    body: input,
  });
  return LoginResponseSchema.parse(payload);
}

/**
 * Signs in and keeps the user (not any token) in session storage and in the query cache.
 * Answers the server's message too: it says when a student must pay first.
 */
export async function signIn(
  queryClient: QueryClient,
  kind: LoginKind,
  input: LoginInput,
): Promise<LoginResult> {
  const result = await login(kind, input);
  // A new session cookie replaced any the page could not sign out of (lib/pending-logout.ts).
  clearLogoutPending();
  storeUser(result.user);
  queryClient.setQueryData(sessionUserQueryOptions().queryKey, result.user);
  return result;
}
