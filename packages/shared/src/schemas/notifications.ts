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
  /** A department's HOD and faculty, when a resident of theirs has verified their address (issue 28). */
  awaitingApproval: (studentName: string) =>
    `${studentName} has signed up and is awaiting your approval. Open to review and approve them.`,
  markAllRead: 'Mark all read',
} as const;

/** The dropdown shows the newest this many. */
export const NOTIFICATION_LIMIT = 20;

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  read: 'Notification marked as read',
  allRead: (count: number) =>
    count === 1 ? '1 notification marked as read' : `${count} notifications marked as read`,
} as const;

/** `POST /notifications/read-all`: every unread notification of the caller marked read. */
export const MarkAllReadResponseSchema = z.object({
  message: z.string(),
  updatedCount: z.number().int(),
});
export type MarkAllReadResponse = z.infer<typeof MarkAllReadResponseSchema>;

/** The student list, where the department's staff approve a new resident. */
export const AWAITING_APPROVAL_PAGE = '/allStudent';

/**
 * Where a notice of a new sign-up leads: the student list showing the residents awaiting
 * approval, searched for this one (by address: names repeat).
 */
export function awaitingApprovalPath(email?: string): string {
  const query = new URLSearchParams({ verified: 'false' });
  if (email) query.set('search', email);
  return `${AWAITING_APPROVAL_PAGE}?${query}`;
}
