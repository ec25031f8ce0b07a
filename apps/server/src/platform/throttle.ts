import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { loginThrottle } from '../db/schema/index';

// Attempt counters shared by every app server (DESIGN.md section 7), one row per key. Each user
// of them prefixes its keys (`email:`, `ip:` for logins, `launch:`, `inquiry:`), so the counters
// of one feature never touch another's. The table keeps its first user's name, login_throttle.

/** One attempt counted: the key's count in its window, and the seconds until that window ends. */
export type AttemptCount = { attempts: number; retryAfterSeconds: number };

/**
 * Adds one attempt to a key's counter and returns the new count. A window older than
 * `windowMs` starts again at 1. One statement, so parallel requests each get a distinct count.
 */
export async function bumpThrottle(db: Executor, key: string, windowMs: number): Promise<number> {
  return (await countAttempt(db, key, windowMs)).attempts;
}

/**
 * `bumpThrottle`, also telling when the key's window ends: what a refusal sends as Retry-After
 * (issue 27), so a client waits as long as it must and no longer. At least 1 second.
 */
export async function countAttempt(db: Executor, key: string, windowMs: number): Promise<AttemptCount> {
  const window = sql`make_interval(secs => ${windowMs / 1000})`;
  const windowStart = sql`now() - ${window}`;
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, attempts: 1 })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        attempts: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart} then 1 else ${loginThrottle.attempts} + 1 end`,
        windowStartedAt: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart} then now() else ${loginThrottle.windowStartedAt} end`,
      },
    })
    .returning({
      attempts: loginThrottle.attempts,
      retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from ${loginThrottle.windowStartedAt} + ${window} - now())))::int`,
    });
  return {
    attempts: row?.attempts ?? 1,
    retryAfterSeconds: row?.retryAfterSeconds ?? Math.ceil(windowMs / 1000),
  };
}

/**
 * Takes back one attempt counted by `bumpThrottle` in the current window (an attempt that turned
 * out not to be a guess). Never below 0; a finished window is left to start again by itself.
 */
export async function unbumpThrottle(db: Executor, key: string, windowMs: number): Promise<void> {
  await db
    .update(loginThrottle)
    .set({ attempts: sql`greatest(${loginThrottle.attempts} - 1, 0)` })
    .where(
      and(
        eq(loginThrottle.key, key),
        gt(loginThrottle.windowStartedAt, sql`now() - make_interval(secs => ${windowMs / 1000})`),
      ),
    );
}

export async function clearThrottle(db: Executor, keys: string[]): Promise<void> {
  await db.delete(loginThrottle).where(inArray(loginThrottle.key, keys));
}

/** Deletes every counter whose key starts with `prefix` (compared as text, no LIKE wildcards). */
export async function clearThrottlePrefix(db: Executor, prefix: string): Promise<void> {
  await db.delete(loginThrottle).where(sql`starts_with(${loginThrottle.key}, ${prefix})`);
}

export async function deleteStaleThrottles(db: Executor, windowMs: number): Promise<void> {
  await db
    .delete(loginThrottle)
    .where(lt(loginThrottle.windowStartedAt, sql`now() - make_interval(secs => ${windowMs / 1000})`));
}
