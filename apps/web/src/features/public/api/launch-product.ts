import { MessageResponseSchema } from '@pgel/shared/schemas/common';
import type { LaunchInput, PublicSettings } from '@pgel/shared/schemas/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { publicSettingsQueryOptions } from './get-public-settings';

/** `POST /settings/launch`: marks the product launched (second 5 of the launch countdown). */
export async function launchProduct(input: LaunchInput): Promise<{ message: string }> {
  const payload = await apiRequest<unknown>('/settings/launch', { body: input });
  return MessageResponseSchema.parse(payload);
}

/** Opens the gate in the cached settings too, so `/` does not send the visitor back to /launching. */
export function useLaunchProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: launchProduct,
    onSuccess: () => {
      queryClient.setQueryData(
        publicSettingsQueryOptions().queryKey,
        (settings: PublicSettings | undefined) =>
          settings && { ...settings, isLaunched: true, launchGateActive: false },
      );
    },
  });
}
