import type { MessageResponse } from '@pgel/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { clearDeviceStorage } from '../../../lib/device-storage';
import { forgetAllLists } from '../../../lib/list-cache';
import { markLogoutPending } from '../../../lib/pending-logout';

/** `POST /auth/logout`: ends the server session and clears the cookie. */
export function logout(): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/auth/logout', { method: 'POST' });
}

/**
 * Logs out. The local state is cleared whether or not the call succeeds: a user who asked to
 * leave must not stay signed in on this screen because the network failed.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // Sent even with no signal, so it fails at once instead of waiting (TanStack pauses a
    // mutation while offline): the page signs out now, and the server's part is finished later.
    networkMode: 'always',
    onError: (error) => {
      if (isApiError(error) && error.isNetworkError) markLogoutPending();
    },
    // Awaited before the caller's own onSettled: the logout screen leaves once all is cleared.
    onSettled: async () => {
      queryClient.clear();
      // The lists kept for reading offline (issue 29), closed first so their database can go; a
      // waiting outbox stays unless discarded.
      await forgetAllLists();
      // The stored user, unfinished entries (they may hold a patient's history) and every other
      // thing the app kept: none stay behind on a shared device.
      await clearDeviceStorage();
    },
  });
}
