import { z } from 'zod';

/** One in-app notification (spec 01 section 3), as the top bar's dropdown lists it. */
export const NotificationSchema = z.object({
  id: z.uuid(),
  /** Sender's name; the page shows 'New Notification' when there is none. */
  fromName: z.string().nullable(),
  description: z.string(),
  /** Where clicking it goes; null means reload the current page. */
  url: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListSchema = z.object({
  items: z.array(NotificationSchema),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const NOTIFICATION_TEXT = {
  untitled: 'New Notification',
  empty: 'No new notifications',
  welcome: 'Welcome to PG e-Logbook! Complete your profile so your head of department can verify you.',
} as const;

/** The dropdown shows the newest this many. */
export const NOTIFICATION_LIMIT = 20;

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  read: 'Notification marked as read',
} as const;
