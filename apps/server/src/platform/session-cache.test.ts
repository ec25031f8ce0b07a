import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema/index';
import { statementWatchOf } from '../db/statement-watch';
import {
  buildTestApp,
  createPlacement,
  createUser,
  get,
  login,
  post,
  type TestApp,
  type UserFixture,
} from '../test/helpers';
import { hashToken } from './secrets';
import { SESSION_CACHE_MS, SESSION_COOKIE } from './session';

const ME = '/api/v1/auth/me';

// Issue 16: a session looked up is answered from memory for SESSION_CACHE_MS, so a page's burst of
// API calls costs one lookup. What this server changes takes effect at once; a change it did not
// make (another app server, a script) within SESSION_CACHE_MS.
describe('session lookups are cached briefly and never outlive a change', () => {
  let t: TestApp;
  let student: UserFixture;
  let hod: UserFixture;

  beforeAll(async () => {
    t = await buildTestApp();
    const placement = await createPlacement(t.db);
    student = await createUser(t.db, { placement, paid: true });
    hod = await createUser(t.db, { role: 'hod', placement });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The statements on the sessions table that `fn` sends. */
  async function sessionReads(fn: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const stop = statementWatchOf(t.db)?.listen((statement) => {
      if (/^\s*select/i.test(statement) && /"sessions"/.test(statement)) seen.push(statement);
    });
    if (!stop) throw new Error('the test database has no statement watch');
    try {
      await fn();
    } finally {
      stop();
    }
    return seen;
  }

  /** Ends a session the way another server would: not through this app's database handle. */
  async function deleteBehindTheAppsBack(cookie: string) {
    const token = cookie.replace(`${SESSION_COOKIE}=`, '');
    const client = (
      t.db as unknown as { $client: { query(text: string, values: unknown[]): Promise<unknown> } }
    ).$client;
    await client.query('delete from sessions where token_hash = $1', [hashToken(token)]);
  }

  it('a burst of requests looks the session up once', async () => {
    const cookie = await login(t.app, student.email, student.password);
    const reads = await sessionReads(async () => {
      for (let i = 0; i < 5; i += 1) expect((await get(t.app, ME, { cookie })).statusCode).toBe(200);
    });
    expect(reads.length).toBeLessThanOrEqual(1);
  });

  it('a logout on this server ends the session at once', async () => {
    const cookie = await login(t.app, student.email, student.password);
    expect((await get(t.app, ME, { cookie })).statusCode).toBe(200);
    expect((await post(t.app, '/api/v1/auth/logout', undefined, { cookie })).statusCode).toBe(200);
    expect((await get(t.app, ME, { cookie })).statusCode).toBe(401);
  });

  it('a user changed through this server is read again at once (blocked: signed out)', async () => {
    const cookie = await login(t.app, hod.email, hod.password, 'staff');
    expect((await get(t.app, ME, { cookie })).statusCode).toBe(200);
    await t.db.update(users).set({ blocked: true }).where(eq(users.id, hod.id));
    expect((await get(t.app, ME, { cookie })).statusCode).toBe(401);
    await t.db.update(users).set({ blocked: false }).where(eq(users.id, hod.id));
    expect((await get(t.app, ME, { cookie })).statusCode).toBe(200);
  });

  it('a session ended elsewhere is refused within SESSION_CACHE_MS', async () => {
    const cookie = await login(t.app, student.email, student.password);
    expect((await get(t.app, ME, { cookie })).statusCode).toBe(200);
    await deleteBehindTheAppsBack(cookie);
    await new Promise((resolve) => setTimeout(resolve, SESSION_CACHE_MS + 50));
    expect((await get(t.app, ME, { cookie })).statusCode).toBe(401);
  });

  it("the last-seen stamp does not empty the cache, and never moves a session's stamp back", async () => {
    const cookie = await login(t.app, student.email, student.password);
    const old = new Date(Date.now() - 5 * 60 * 1000);
    await t.db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.userId, student.id));
    // The first request stamps the session; the rest of the burst is answered from memory.
    const reads = await sessionReads(async () => {
      for (let i = 0; i < 4; i += 1) expect((await get(t.app, ME, { cookie })).statusCode).toBe(200);
    });
    expect(reads.length).toBe(1);
    const [row] = await t.db
      .select({ lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(sql`${sessions.userId} = ${student.id} and ${sessions.lastSeenAt} > ${old}`);
    expect(row?.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});
