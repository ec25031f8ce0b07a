import {
  type PublicSettings,
  type SetVideoInput,
  type SetVideoResponse,
  SetVideoResponseSchema,
} from '@pgel/shared/schemas/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { publicSettingsQueryOptions } from './get-public-settings';

/** `PUT /settings/video` (Master): the landing page's video, or null/empty to remove it. */
export async function setVideoUrl(input: SetVideoInput): Promise<SetVideoResponse> {
  const payload = await apiRequest<unknown>('/settings/video', { method: 'PUT', body: input });
  return SetVideoResponseSchema.parse(payload);
}

/** Saves the video and puts the stored (embed) address into the cached public settings. */
export function useSetVideoUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setVideoUrl,
    onSuccess: ({ videoUrl }) => {
      queryClient.setQueryData(
        publicSettingsQueryOptions().queryKey,
        (settings: PublicSettings | undefined) => settings && { ...settings, videoUrl },
      );
    },
  });
}
