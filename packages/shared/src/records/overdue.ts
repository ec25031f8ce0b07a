/**
 * How long an entry may wait for its verifier (issue 30). An entry waits from when it was
 * submitted, or from when faculty last reset it to Pending for a new review; its activity date
 * does not count (a resident writing up last month's case today has kept nobody waiting a month).
 */
export const VERIFICATION_WAIT = {
  /** Pending longer than this many days: marked Overdue in the verifier's queue and digest. */
  overdueAfterDays: 7,
  /** Pending longer than this many days: the verifier is named in the HOD's weekly summary. */
  escalateAfterDays: 14,
  /** A verifier with more entries pending than this: named in the HOD's weekly summary too. */
  escalatePendingOver: 25,
} as const;

export const OVERDUE_LABEL = 'Overdue';

const DAY_MS = 24 * 60 * 60 * 1000;

type Instant = string | Date;

function toDate(value: Instant): Date {
  return value instanceof Date ? value : new Date(value);
}

/**
 * When a pending entry began to wait: its last reset to Pending (`amendedAt`), else its
 * submission. Null for an entry that is not pending.
 */
export function pendingSince(entry: {
  status: string;
  createdAt: Instant;
  amendedAt: Instant | null;
}): Date | null {
  if (entry.status !== 'pending') return null;
  return toDate(entry.amendedAt ?? entry.createdAt);
}

/** Whole days an entry waiting since `since` has waited at `now` (0 in its first 24 hours). */
export function daysWaiting(since: Instant, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - toDate(since).getTime()) / DAY_MS));
}

/** Whether an entry waiting since `since` (null: not pending) is overdue at `now`: more than 7 days. */
export function isOverdue(since: Instant | null | undefined, now: Date): boolean {
  if (since === null || since === undefined) return false;
  return now.getTime() - toDate(since).getTime() > VERIFICATION_WAIT.overdueAfterDays * DAY_MS;
}

/** The instant before which an entry must have begun waiting to be past `days` days at `now`. */
export function waitingCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** What the Overdue badge says on hover or to a screen reader. */
export function overdueReason(since: Instant, now: Date): string {
  const days = daysWaiting(since, now);
  return `Waiting for verification for ${days === 1 ? '1 day' : `${days} days`} (more than ${VERIFICATION_WAIT.overdueAfterDays}).`;
}
