import { isUuid } from '@pgel/shared/schemas/common';
import {
  NOTIFICATION_LIMIT,
  NOTIFICATION_MESSAGES,
  type NotificationList,
} from '@pgel/shared/schemas/notifications';
import type { Database, Executor } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { SessionActor } from '../../platform/session';
import * as repo from './notifications.repository';

export type NotifyInput = {
  toId: string;
  /** The user it is from; null for the system's own (shown as 'New Notification'). */
  fromId?: string | null;
  description: string;
  /** Where clicking it goes (a page path); null reloads the current page. */
  url?: string | null;
  /** The recipient's college, for scoping; null for users without one (Master). */
  collegeId: string | null;
};

/**
 * Sends an in-app notification. Call it with the transaction of the change it tells about, so
 * a rollback takes the notification with it.
 */
export async function notify(tx: Executor, input: NotifyInput): Promise<void> {
  await repo.insertNotification(tx, {
    toId: input.toId,
    fromId: input.fromId ?? null,
    description: input.description,
    url: input.url ?? null,
    collegeId: input.collegeId,
  });
}

/** The top bar's notifications (spec 01 section 2.11): the caller's own, nobody else's. */
export class NotificationService {
  constructor(private readonly db: Database) {}

  /** The caller's newest NOTIFICATION_LIMIT notifications and how many of all are unread. */
  async listOwn(actor: SessionActor): Promise<NotificationList> {
    const [rows, unreadCount] = await Promise.all([
      repo.listNotificationsOf(this.db, actor.id, NOTIFICATION_LIMIT),
      repo.countUnreadOf(this.db, actor.id),
    ]);
    return {
      items: rows.map((row) => ({
        id: row.id,
        fromName: row.fromName,
        description: row.description,
        url: row.url,
        read: row.readAt !== null,
        createdAt: row.createdAt.toISOString(),
      })),
      unreadCount,
    };
  }

  /**
   * Marks one of the caller's notifications read. Another user's id answers exactly like an
   * unknown one (404), so ids cannot be probed.
   */
  async markRead(actor: SessionActor, id: string, meta: { ip: string }): Promise<string> {
    if (!isUuid(id)) throw AppError.notFound(NOTIFICATION_MESSAGES.notFound);
    await this.db.transaction(async (tx) => {
      const result = await repo.markRead(tx, actor.id, id);
      if (!result.found) throw AppError.notFound(NOTIFICATION_MESSAGES.notFound);
      if (!result.changed) return;
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'notification.read',
        entity: 'notification',
        entityId: id,
        collegeId: result.collegeId,
        ip: meta.ip,
        before: { read: false },
        after: { read: true },
      });
    });
    return NOTIFICATION_MESSAGES.read;
  }
}
