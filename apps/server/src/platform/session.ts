import type { Actor } from '@pgel/shared/auth/policies';
import type { StaffRole } from '@pgel/shared/roles';
import { SESSION_MESSAGES } from '@pgel/shared/schemas/auth';
import { BACKGROUND_REQUEST_HEADER } from '@pgel/shared/schemas/common';
import { truncateText } from '@pgel/shared/text';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Executor } from '../db/client';
import { sessions, users } from '../db/schema/index';
import { AppError } from './errors';
import { hashToken, newToken } from './secrets';

export const SESSION_COOKIE = 'pgel_session';

/** The signed-in user attached to a request, with the session it came from. */
export type SessionActor = Actor & { name: string; email: string; sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    actor: SessionActor | null;
  }
}

export type SessionSettings = { idleMs: number; absoluteMs: number; secureCookie: boolean };

// Touching last_seen_at on every request would write on every read; once a minute is enough
// for a 50-minute idle expiry.
const TOUCH_AFTER_MS = 60_000;

/** Creates a session row and returns the raw token for the cookie (only its hash is stored). */
export async function createSession(
  db: Executor,
  settings: SessionSettings,
  userId: string,
  meta: { ip: string; userAgent: string | undefined },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + settings.absoluteMs);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent === undefined ? null : truncateText(meta.userAgent, 300),
  });
  return { token, expiresAt };
}

export function setSessionCookie(
  reply: FastifyReply,
  settings: SessionSettings,
  token: string,
  persistent: boolean,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secureCookie,
    // Remember Me keeps the cookie across browser restarts; the server's expiry still applies.
    maxAge: persistent ? Math.floor(settings.absoluteMs / 1000) : undefined,
  });
}

export function clearSessionCookie(reply: FastifyReply, settings: SessionSettings) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secureCookie,
  });
}

/**
 * Resolves the cookie to a user on every request. Expired, blocked or deleted users get no
 * actor; the routes that need one answer 401.
 */
export function registerSessions(app: FastifyInstance, db: Database, settings: SessionSettings) {
  app.decorateRequest('actor', null);
  // Every API request runs this: a named prepared statement, so neither the app (building the
  // SQL) nor PostgreSQL (parsing and planning it) repeats the work per request (issue 16).
  const findSession = db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      collegeId: users.collegeId,
      departmentId: users.departmentId,
      blocked: users.blocked,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        isNull(users.deletedAt),
      ),
    )
    .limit(1)
    .prepare('pgel_find_session');
  app.addHook('onRequest', async (request) => {
    // Pages and assets need no session (the web app asks /api/v1/auth/me), and a page must load
    // while the database is away, so only API requests look the cookie up.
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const now = Date.now();
    const [row] = await findSession.execute({ tokenHash: hashToken(token), now: new Date(now) });
    if (!row || row.blocked) return;
    if (now - row.lastSeenAt.getTime() > settings.idleMs) {
      await db.delete(sessions).where(eq(sessions.id, row.sessionId));
      return;
    }
    // A poll the page makes by itself is not the user being active.
    const isBackground = request.headers[BACKGROUND_REQUEST_HEADER] === '1';
    if (!isBackground && now - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      await db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.id, row.sessionId));
    }
    request.actor = {
      sessionId: row.sessionId,
      id: row.id,
      name: row.name,
      email: row.email,
      role: row.role as StaffRole | null,
      collegeId: row.collegeId,
      departmentId: row.departmentId,
    };
  });
}

/** Route gate: any signed-in user. Returns the actor so handlers need no null checks. */
export function requireActor(request: FastifyRequest): SessionActor {
  if (!request.actor) throw AppError.unauthorized(SESSION_MESSAGES.required);
  return request.actor;
}
