import {
  type MarkAllReadResponse,
  MarkAllReadResponseSchema,
  type NotificationList,
} from '@pgel/shared/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationsQueryOptions } from './get-notifications';

/** `POST /notifications/read-all`: marks every notification of the signed-in user read. */
export async function markAllNotificationsRead(): Promise<MarkAllReadResponse> {
  return MarkAllReadResponseSchema.parse(
    await apiRequest<unknown>('/notifications/read-all', { method: 'POST' }),
  );
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  const { queryKey } = notificationsQueryOptions();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    // Clear the badge at once; the refetch below confirms it.
    onSuccess: () => {
      queryClient.setQueryData(queryKey, (list: NotificationList | undefined) =>
        list ? { items: list.items.map((item) => ({ ...item, read: true })), unreadCount: 0 } : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
