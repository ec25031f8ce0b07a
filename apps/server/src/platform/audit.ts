import type { Executor } from '../db/client';
import { auditLog } from '../db/schema/index';

export type AuditEntry = {
  actorId: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  collegeId?: string | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
  /** What the entry is about when there is no row yet (the e-mail of a failed login). */
  subject?: string | null;
};

/** Writes one audit row; pass the transaction so the row commits with the change it records. */
export async function writeAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    collegeId: entry.collegeId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
    subject: entry.subject ?? null,
  });
}

/** Writes several audit rows in one statement (a batch add records one row per created record). */
export async function writeAudits(db: Executor, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      actorId: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId ?? null,
      collegeId: entry.collegeId ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
      ip: entry.ip ?? null,
      subject: entry.subject ?? null,
    })),
  );
}
