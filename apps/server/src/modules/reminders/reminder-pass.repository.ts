import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { reminderPasses } from '../../db/schema/index';

/**
 * Claims the pass `name` for `runner` until `leaseSeconds` from now (the database's clock), in
 * one statement: the row is made or taken only when no other pass holds it (never claimed,
 * released, or its claim run out). Returns the periods earlier passes finished, or null when
 * another pass holds it. Two servers claiming at once: PostgreSQL makes the second wait for the
 * first's row, then finds it held.
 */
export async function claimPass(
  db: Executor,
  options: { name: string; runner: string; leaseSeconds: number },
): Promise<{ completed: Record<string, string> } | null> {
  const until = sql`now() + make_interval(secs => ${options.leaseSeconds})`;
  const [row] = await db
    .insert(reminderPasses)
    .values({ name: options.name, runner: options.runner, runningUntil: until, startedAt: sql`now()` })
    .onConflictDoUpdate({
      target: reminderPasses.name,
      set: { runner: options.runner, runningUntil: until, startedAt: sql`now()` },
      setWhere: or(isNull(reminderPasses.runningUntil), lt(reminderPasses.runningUntil, sql`now()`)),
    })
    .returning({ completed: reminderPasses.completed });
  return row ? { completed: row.completed } : null;
}

/**
 * Records that the pass finished `kind` for `period` (kept when later than what is recorded), so
 * later passes of that period skip it. Only while `runner` still holds the claim.
 */
export async function markCompleted(
  db: Executor,
  options: { name: string; runner: string; kind: string; period: string },
): Promise<void> {
  await db
    .update(reminderPasses)
    .set({
      completed: sql`${reminderPasses.completed} || jsonb_build_object(${options.kind}::text, greatest(coalesce(${reminderPasses.completed} ->> ${options.kind}::text, ''), ${options.period}::text))`,
    })
    .where(and(eq(reminderPasses.name, options.name), eq(reminderPasses.runner, options.runner)));
}

/** Releases the claim, if `runner` still holds it. */
export async function releasePass(db: Executor, options: { name: string; runner: string }): Promise<void> {
  await db
    .update(reminderPasses)
    .set({ runningUntil: null, finishedAt: sql`now()` })
    .where(and(eq(reminderPasses.name, options.name), eq(reminderPasses.runner, options.runner)));
}
