import { type AccountRestriction, type Actor, accountRestrictionOf } from '@pgel/shared/auth/policies';
import { SIGNED_IN_MARKER_COOKIE } from '@pgel/shared/auth/signed-in-marker';
import type { StaffRole } from '@pgel/shared/roles';
import { SESSION_MESSAGES } from '@pgel/shared/schemas/auth';
import { BACKGROUND_REQUEST_HEADER } from '@pgel/shared/schemas/common';
import { truncateText } from '@pgel/shared/text';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Executor } from '../db/client';
import { sessions, users } from '../db/schema/index';
import { statementWatchOf } from '../db/statement-watch';
import { refuseHeldBack } from './account-gate';
import { AppError } from './errors';
import { hashToken, newToken } from './secrets';

export const SESSION_COOKIE = 'pgel_session';

/**
 * The signed-in user attached to a request, with the session it came from. `restriction` says
 * what the account still has to do before it may use the API (platform/account-gate.ts).
 */
export type SessionActor = Actor & {
  name: string;
  email: string;
  sessionId: string;
  restriction: AccountRestriction | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    actor: SessionActor | null;
  }
  interface FastifyInstance {
    /** The session's user for a request the session hook skips (a page: page-bootstrap.ts). */
    sessionActorOf(request: FastifyRequest): Promise<SessionActor | null>;
  }
}

export type SessionSettings = { idleMs: number; absoluteMs: number; secureCookie: boolean };

// Touching last_seen_at on every request would write on every read; once a minute is enough
// for a 50-minute idle expiry.
const TOUCH_AFTER_MS = 60_000;

/**
 * How long a looked-up session is answered from memory (issue 16): a page's burst of API calls
 * costs one lookup, not one each. What this server changes (a logout, a password change,
 * blocking, a move to another department) clears the cache at once; a change made through
 * another app server is seen here within this time.
 */
export const SESSION_CACHE_MS = 1_000;
/** Sessions held at most (the oldest go first): a bound on memory, not a tuning knob. */
const SESSION_CACHE_ENTRIES = 10_000;
/**
 * Statements after which no cached session can be trusted: a session ended or changed, a user
 * changed. The app's own last-seen stamp is the one write to sessions that leaves them as they were.
 */
const CHANGES_SESSIONS = /^\s*(delete\s+from|update)\s+"?(sessions|users)\b/i;

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
  // Readable by the page, so a signed-out visitor's /login need not ask /auth/me (issue 29).
  reply.setCookie(SIGNED_IN_MARKER_COOKIE, '1', {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: settings.secureCookie,
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
  reply.clearCookie(SIGNED_IN_MARKER_COOKIE, {
    path: '/',
    httpOnly: false,
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
      expiresAt: sessions.expiresAt,
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      collegeId: users.collegeId,
      departmentId: users.departmentId,
      blocked: users.blocked,
      confirmation: users.confirmation,
      mustChangePassword: users.mustChangePassword,
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
  // The stamp never moves back, so two servers stamping one session cannot undo each other.
  const stampLastSeen = db
    .update(sessions)
    .set({ lastSeenAt: sql`${sql.placeholder('now')}` })
    .where(and(eq(sessions.id, sql.placeholder('id')), lt(sessions.lastSeenAt, sql.placeholder('now'))));
  const stampText = stampLastSeen.toSQL().sql;
  const stamp = stampLastSeen.prepare('pgel_stamp_session');
  const cache = new SessionCache();
  const stopWatching = statementWatchOf(db)?.listen((statement) => {
    if (statement !== stampText && CHANGES_SESSIONS.test(statement)) cache.clear();
  });
  app.addHook('onClose', async () => stopWatching?.());

  async function lookUp(tokenHash: string, now: number): Promise<SessionRow | undefined> {
    const cached = cache.get(tokenHash, now);
    // A session idle by the cached stamp may have been used through another server since.
    if (cached && now - cached.lastSeenAt.getTime() <= settings.idleMs) return cached;
    const generation = cache.generation;
    const [row] = await findSession.execute({ tokenHash, now: new Date(now) });
    if (row && !isShut(row)) cache.put(tokenHash, row, now, generation);
    return row;
  }

  /** The user the request's session cookie belongs to, or null (none, expired, blocked). */
  async function actorOf(request: FastifyRequest): Promise<SessionActor | null> {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return null;
    const now = Date.now();
    const row = await lookUp(hashToken(token), now);
    if (!row || isShut(row)) return null;
    if (now - row.lastSeenAt.getTime() > settings.idleMs) {
      await db.delete(sessions).where(eq(sessions.id, row.sessionId));
      return null;
    }
    // A poll the page makes by itself is not the user being active.
    const isBackground = request.headers[BACKGROUND_REQUEST_HEADER] === '1';
    if (!isBackground && now - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      // Stamped in the cached row first, so the requests of one burst write it once.
      row.lastSeenAt = new Date(now);
      await stamp.execute({ id: row.sessionId, now: new Date(now) });
    }
    return {
      sessionId: row.sessionId,
      id: row.id,
      name: row.name,
      email: row.email,
      role: row.role as StaffRole | null,
      collegeId: row.collegeId,
      departmentId: row.departmentId,
      restriction: accountRestrictionOf({
        mustChangePassword: row.mustChangePassword,
        confirmation: row.confirmation as 'confirmed' | 'awaiting' | 'declined',
      }),
    };
  }

  app.addHook('onRequest', async (request) => {
    // Assets need no session, and a page must load while the database is away: only API
    // requests look the cookie up here (a page asks, with a time limit, in page-bootstrap.ts).
    if (!request.url.startsWith('/api/')) return;
    request.actor = await actorOf(request);
  });
  app.decorate('sessionActorOf', actorOf);
}

/** A blocked account, or one its department declined (issue 27), has no session. */
function isShut(row: SessionRow): boolean {
  return row.blocked || row.confirmation === 'declined';
}

type SessionRow = {
  sessionId: string;
  lastSeenAt: Date;
  expiresAt: Date;
  id: string;
  name: string;
  email: string;
  role: string | null;
  collegeId: string | null;
  departmentId: string | null;
  blocked: boolean;
  confirmation: string;
  mustChangePassword: boolean;
};

/**
 * Live sessions by token hash for SESSION_CACHE_MS. `generation` moves on every clear: a lookup
 * that started before a clear may have read the row as it was, so it is not kept.
 */
class SessionCache {
  private readonly entries = new Map<string, { row: SessionRow; until: number }>();
  generation = 0;

  get(tokenHash: string, now: number): SessionRow | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= now || entry.row.expiresAt.getTime() <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.row;
  }

  put(tokenHash: string, row: SessionRow, now: number, generation: number): void {
    if (generation !== this.generation) return;
    if (this.entries.size >= SESSION_CACHE_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { row, until: now + SESSION_CACHE_MS });
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

/** Route gate: any signed-in user. Returns the actor so handlers need no null checks. */
export function requireActor(request: FastifyRequest): SessionActor {
  if (!request.actor) throw AppError.unauthorized(SESSION_MESSAGES.required);
  if (request.actor.restriction) refuseHeldBack(request, request.actor.restriction);
  return request.actor;
}
