import {
  type UpdatePreferencesInput,
  type UpdatePreferencesResponse,
  UpdatePreferencesResponseSchema,
} from '@pgel/shared/schemas/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { profileQueryOptions } from './get-profile';

/** `PATCH /profile`: saves a preference of the profile (faculty: how verification e-mails arrive). */
export async function updatePreferences(input: UpdatePreferencesInput): Promise<UpdatePreferencesResponse> {
  const payload = await apiRequest<unknown>('/profile', { method: 'PATCH', body: input });
  return UpdatePreferencesResponseSchema.parse(payload);
}

/** Saves the choice and writes it into the cached profile, so the page shows what is stored. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: ({ verificationMail }) => {
      queryClient.setQueryData(profileQueryOptions().queryKey, (profile) =>
        profile ? { ...profile, verificationMail } : profile,
      );
    },
  });
}
