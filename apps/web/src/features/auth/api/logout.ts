import type { MessageResponse } from '@pgel/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { clearAllDrafts } from '../../../lib/entry-drafts';
import { forgetAllLists } from '../../../lib/list-cache';
import { clearStoredUser } from '../../../lib/session';

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
    onSettled: () => {
      clearStoredUser();
      // Unfinished entries may hold a patient's history: none stay behind on a shared device.
      clearAllDrafts();
      // The lists kept for reading offline (issue 29); a waiting outbox stays unless discarded.
      void forgetAllLists();
      queryClient.clear();
    },
  });
}
