import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { auditLog, sessions, users } from '../../db/schema/index';

/**
 * The session a payment replaced, and the one route that still honours it (issue 27).
 *
 * A verification that finds the order paid replaces the request's session (a login would; the
 * package changes what the session may do). One browser may send many verifications at once
 * (two tabs, a poll and a click, a page that retries): those that arrive after the first has
 * replaced the session carry the replaced cookie, and were answered 401 (7 of 20 in the attack
 * test). So the replaced session is not deleted but ended (ENDED_BY_ROTATION), and the audit row
 * of the rotation names the order, the replaced session and the new one. The verify route of that
 * order alone, given a cookie of such a session within REPLACED_SESSION_GRACE_MS of the rotation,
 * answers the order's paid state as the first verification did.
 *
 * What the replaced session is not given: any other route (the session lookup refuses an ended
 * session everywhere), a new cookie, a gateway call or a settlement (the answer is read from the
 * order's row). Nor any answer once the new session has ended (a logout), once the user's
 * sessions are deleted (a password change or reset deletes the ended row too), once the user is
 * blocked or deleted, or after the grace.
 */
export const REPLACED_SESSION_GRACE_MS = 5 * 60 * 1000;

/** The audit action of a rotation; its `after` names the order and both sessions. */
export const SESSION_ROTATED_ACTION = 'auth.session_rotated';

/**
 * The expiry of a session a rotation ended: the epoch, not the moment of the rotation. Rotations
 * racing on one session each compare with their own clock reading, which may be a moment earlier
 * than the winner's; no reading is earlier than this. (The moment is in the rotation's audit row.)
 */
const ENDED_BY_ROTATION = new Date(0);

/**
 * Ends a session for its rotation, so no lookup finds it any more while its row stays to be
 * recognised by the verify route. True only for the one request that ended it (a concurrent
 * rotation of the same session waits on the row, then finds it ended).
 */
export async function endSessionForRotation(tx: Tx, sessionId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(sessions)
    .set({ expiresAt: ENDED_BY_ROTATION })
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** The id of the session whose cookie token hashes to `tokenHash` (the one just created). */
export async function sessionIdOfToken(tx: Tx, tokenHash: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row?.id;
}

/**
 * The user whose session, ended within the grace by the rotation of `orderId`'s verification,
 * the cookie's token hashes to; undefined unless the session that replaced it is still live and
 * the user may still sign in. (The grace is counted on the database's clock, which stamped the
 * rotation's audit row.)
 */
export async function ownerOfReplacedSession(
  db: Executor,
  tokenHash: string,
  orderId: string,
  now: Date,
): Promise<string | undefined> {
  const successor = sql`(${auditLog.after} ->> 'sessionId')::uuid`;
  const [row] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        eq(sessions.expiresAt, ENDED_BY_ROTATION),
        isNull(users.deletedAt),
        eq(users.blocked, false),
        sql`exists (
          select 1 from ${auditLog}
          join ${sessions} as successor on successor.id = ${successor}
          where ${auditLog.entity} = 'user'
            and ${auditLog.entityId} = ${sessions.userId}::text
            and ${auditLog.action} = ${SESSION_ROTATED_ACTION}
            and ${auditLog.after} ->> 'replacedSessionId' = ${sessions.id}::text
            and ${auditLog.after} ->> 'orderId' = ${orderId}
            and ${auditLog.createdAt} > now() - make_interval(secs => ${REPLACED_SESSION_GRACE_MS / 1000})
            and successor.expires_at > ${now.toISOString()}::timestamptz
        )`,
      ),
    )
    .limit(1);
  return row?.userId;
}
