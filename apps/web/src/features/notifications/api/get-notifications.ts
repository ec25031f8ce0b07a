import { type NotificationList, NotificationListSchema } from '@pgel/shared/schemas/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { afterFirstDraw } from '../../../lib/after-first-draw';
import { apiRequest } from '../../../lib/api-client';

/** New notifications show up within this long without a reload. */
const REFRESH_MS = 60_000;

/** `GET /notifications`: the signed-in user's newest notifications and the unread count. */
export async function getNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return NotificationListSchema.parse(
    await apiRequest<unknown>('/notifications', { signal, background: true }),
  );
}

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications'] as const,
    // The bell's count comes after the page's first picture (lib/after-first-draw.ts).
    queryFn: async ({ signal }) => {
      await afterFirstDraw();
      return getNotifications(signal);
    },
    refetchInterval: REFRESH_MS,
    staleTime: 30_000,
  });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
