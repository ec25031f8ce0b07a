import { isUuid } from '@pgel/shared/schemas/common';
import {
  type MarkAllReadResponse,
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
  /**
   * The item it is about (a record, a memo, a resident awaiting approval), when handling that
   * item elsewhere should mark it read (`markSubjectsRead`). Optional: most notices have none.
   */
  subjectId?: string | null;
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
    subjectId: input.subjectId ?? null,
    collegeId: input.collegeId,
  });
}

/**
 * Marks read every unread notification about these items, for everyone it went to: call it in
 * the transaction that verifies, deletes or approves the item (issue 28), so a notice of work
 * someone else already did stops asking for attention. One UPDATE on a partial index.
 */
export async function markSubjectsRead(tx: Executor, subjectIds: readonly string[]): Promise<number> {
  return repo.markSubjectsRead(tx, subjectIds);
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

  /** Marks every unread notification of the caller read, in one statement, with one audit row. */
  async markAllRead(actor: SessionActor, meta: { ip: string }): Promise<MarkAllReadResponse> {
    const count = await this.db.transaction(async (tx) => {
      const result = await repo.markAllReadOf(tx, actor.id);
      if (result.count === 0) return 0;
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'notification.read_all',
        entity: 'notification',
        entityId: null,
        collegeId: result.collegeId,
        ip: meta.ip,
        after: { markedRead: result.count },
      });
      return result.count;
    });
    return { message: NOTIFICATION_MESSAGES.allRead(count), updatedCount: count };
  }
}
