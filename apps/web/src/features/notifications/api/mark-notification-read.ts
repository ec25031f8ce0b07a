import type { NotificationList } from '@pgel/shared/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationsQueryOptions } from './get-notifications';

/** `POST /notifications/{id}/read`: marks one of the user's notifications as read. */
export function markNotificationRead(id: string): Promise<unknown> {
  return apiRequest<unknown>(`/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  const { queryKey } = notificationsQueryOptions();
  return useMutation({
    mutationFn: markNotificationRead,
    // Update the badge at once; the refetch below confirms it.
    onSuccess: (_result, id) => {
      queryClient.setQueryData(queryKey, (list: NotificationList | undefined) => {
        if (!list) return list;
        const target = list.items.find((item) => item.id === id);
        if (!target || target.read) return list;
        return {
          items: list.items.map((item) => (item.id === id ? { ...item, read: true } : item)),
          unreadCount: Math.max(0, list.unreadCount - 1),
        };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
