import type { UpdateProfileInput } from '@pgel/shared/schemas/profile';
import { SessionUserSchema } from '@pgel/shared/schemas/session-user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { sessionUserQueryOptions, storeUser } from '../../../lib/session';
import { profileQueryOptions } from './get-profile';

const UpdateProfileResponseSchema = z.object({ message: z.string(), user: SessionUserSchema });
export type UpdateProfileResponse = z.infer<typeof UpdateProfileResponseSchema>;

/** `PUT /profile`: saves the Edit Profile form (files already uploaded, sent by id). */
export async function updateProfile(input: UpdateProfileInput): Promise<UpdateProfileResponse> {
  const payload = await apiRequest<unknown>('/profile', { method: 'PUT', body: input });
  return UpdateProfileResponseSchema.parse(payload);
}

/**
 * Saves the profile, then puts the returned user where the rest of the app reads it (session
 * storage and the `me` query: the header's name and the profile alerts follow at once) and
 * reloads the profile.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async ({ user }) => {
      storeUser(user);
      queryClient.setQueryData(sessionUserQueryOptions().queryKey, user);
      await queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey });
    },
  });
}
