import { MessageResponseSchema } from '@pgel/shared/schemas/common';
import type { LaunchInput } from '@pgel/shared/schemas/settings';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * `POST /settings/launch/check`: the server compares the launch password (the browser never
 * learns it); a wrong one answers 400 'Incorrect password. Try again!'.
 */
export async function checkLaunchPassword(input: LaunchInput): Promise<{ message: string }> {
  const payload = await apiRequest<unknown>('/settings/launch/check', { body: input });
  return MessageResponseSchema.parse(payload);
}

export function useCheckLaunchPassword() {
  return useMutation({ mutationFn: checkLaunchPassword });
}
