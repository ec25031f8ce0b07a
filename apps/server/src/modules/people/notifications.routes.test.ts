import { VERIFY_MESSAGES } from '@pgel/shared/schemas/auth';
import {
  NOTIFICATION_LIMIT,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TEXT,
  NotificationListSchema,
} from '@pgel/shared/schemas/notifications';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, oneTimeTokens } from '../../db/schema/index';
import { hashToken, newToken } from '../../platform/secrets';
import {
  buildTestApp,
  createPlacement,
  createUser,
  get,
  login,
  type Placement,
  post,
  type TestApp,
  type UserFixture,
} from '../../test/helpers';
import { notify } from './notifications.service';

describe('notifications', () => {
  let t: TestApp;
  let placement: Placement;
  let student: UserFixture;
  let other: UserFixture;
  let hod: UserFixture;
  let studentCookie: string;
  let otherCookie: string;

  beforeAll(async () => {
    t = await buildTestApp();
    placement = await createPlacement(t.db);
    student = await createUser(t.db, { placement });
    other = await createUser(t.db, { placement });
    hod = await createUser(t.db, { placement, role: 'hod', name: 'Dr. Head Sharma' });
    studentCookie = await login(t.app, student.email, student.password);
    otherCookie = await login(t.app, other.email, other.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function list(cookie: string) {
    const response = await get(t.app, '/api/v1/notifications', { cookie });
    expect(response.statusCode).toBe(200);
    return NotificationListSchema.parse(response.json);
  }

  it('needs a session for both calls (401)', async () => {
    expect((await get(t.app, '/api/v1/notifications')).statusCode).toBe(401);
    const read = await post(t.app, '/api/v1/notifications/7d5c1a3e-2b4f-4c6d-9e8f-0a1b2c3d4e5f/read');
    expect(read.statusCode).toBe(401);
  });

  it('starts empty', async () => {
    expect(await list(otherCookie)).toEqual({ items: [], unreadCount: 0 });
  });

  it("lists only the caller's own, newest first, with the sender's name", async () => {
    await notify(t.db, {
      toId: student.id,
      description: 'First, from the system',
      collegeId: placement.college.id,
    });
    // A minute older: PGlite's clock ticks in milliseconds, so two inserts in a row can tie.
    await t.db
      .update(notifications)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(notifications.toId, student.id));
    await notify(t.db, {
      toId: student.id,
      fromId: hod.id,
      description: 'Your entry was verified',
      url: '/task/1',
      collegeId: placement.college.id,
    });
    await notify(t.db, {
      toId: other.id,
      description: 'Not for the student',
      collegeId: placement.college.id,
    });
    const result = await list(studentCookie);
    expect(result.unreadCount).toBe(2);
    expect(result.items).toEqual([
      {
        id: expect.any(String),
        fromName: 'Dr. Head Sharma',
        description: 'Your entry was verified',
        url: '/task/1',
        read: false,
        createdAt: expect.any(String),
      },
      {
        id: expect.any(String),
        fromName: null,
        description: 'First, from the system',
        url: null,
        read: false,
        createdAt: expect.any(String),
      },
    ]);
  });

  it('marks one read, once, with an audit row; unread count drops', async () => {
    const [newest] = (await list(studentCookie)).items;
    const id = String(newest?.id);
    const response = await post(t.app, `/api/v1/notifications/${id}/read`, {}, { cookie: studentCookie });
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ message: NOTIFICATION_MESSAGES.read });
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row?.readAt).toBeInstanceOf(Date);

    const again = await post(t.app, `/api/v1/notifications/${id}/read`, {}, { cookie: studentCookie });
    expect(again.statusCode).toBe(200);
    const [unchanged] = await t.db.select().from(notifications).where(eq(notifications.id, id));
    expect(unchanged?.readAt).toEqual(row?.readAt);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notification.read'), eq(auditLog.entityId, id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: student.id, collegeId: placement.college.id });

    const after = await list(studentCookie);
    expect(after.unreadCount).toBe(1);
    expect(after.items[0]).toMatchObject({ id, read: true });
  });

  it("answers 404 for another user's notification and leaves it unread", async () => {
    const [theirs] = await t.db.select().from(notifications).where(eq(notifications.toId, other.id));
    const response = await post(
      t.app,
      `/api/v1/notifications/${theirs?.id}/read`,
      {},
      { cookie: studentCookie },
    );
    expect(response.statusCode).toBe(404);
    expect(response.json).toEqual({ code: 'not_found', message: NOTIFICATION_MESSAGES.notFound });
    const [row] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, String(theirs?.id)));
    expect(row?.readAt).toBeNull();
  });

  it.each(['not-a-uuid', '7d5c1a3e-2b4f-4c6d-9e8f-0a1b2c3d4e5f', "1' or '1'='1"])(
    'answers 404 for the id %j',
    async (id) => {
      const response = await post(
        t.app,
        `/api/v1/notifications/${encodeURIComponent(id)}/read`,
        {},
        { cookie: studentCookie },
      );
      expect(response.statusCode).toBe(404);
      expect(response.json.message).toBe(NOTIFICATION_MESSAGES.notFound);
    },
  );

  it(`lists the newest ${NOTIFICATION_LIMIT} but counts every unread one`, async () => {
    const busy = await createUser(t.db, { placement });
    // One second apart, so "newest" does not depend on two inserts landing in the same millisecond.
    const start = Date.now() - 60 * 60 * 1000;
    for (let i = 0; i < NOTIFICATION_LIMIT + 5; i += 1) {
      await notify(t.db, { toId: busy.id, description: `Note ${i}`, collegeId: placement.college.id });
      await t.db
        .update(notifications)
        .set({ createdAt: new Date(start + i * 1000) })
        .where(and(eq(notifications.toId, busy.id), eq(notifications.description, `Note ${i}`)));
    }
    const result = await list(await login(t.app, busy.email, busy.password));
    expect(result.items).toHaveLength(NOTIFICATION_LIMIT);
    expect(result.unreadCount).toBe(NOTIFICATION_LIMIT + 5);
    expect(result.items[0]?.description).toBe(`Note ${NOTIFICATION_LIMIT + 4}`);
  });

  it("Mark all read: every unread notification of the caller's, nobody else's, with one audit row", async () => {
    expect((await post(t.app, '/api/v1/notifications/read-all')).statusCode).toBe(401);
    const reader = await createUser(t.db, { placement });
    for (const description of ['One', 'Two', 'Three']) {
      await notify(t.db, { toId: reader.id, description, collegeId: placement.college.id });
    }
    const cookie = await login(t.app, reader.email, reader.password);
    const othersUnread = (await list(otherCookie)).unreadCount;
    expect((await list(cookie)).unreadCount).toBe(3);

    const response = await post(t.app, '/api/v1/notifications/read-all', {}, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ message: NOTIFICATION_MESSAGES.allRead(3), updatedCount: 3 });
    const after = await list(cookie);
    expect(after.unreadCount).toBe(0);
    expect(after.items.map((item) => item.read)).toEqual([true, true, true]);
    expect((await list(otherCookie)).unreadCount).toBe(othersUnread);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notification.read_all'), eq(auditLog.actorId, reader.id)));
    expect(audits).toHaveLength(1);

    // Nothing left: nothing changes, nothing is audited.
    const again = await post(t.app, '/api/v1/notifications/read-all', {}, { cookie });
    expect(again.json).toEqual({ message: NOTIFICATION_MESSAGES.allRead(0), updatedCount: 0 });
  });

  describe('the welcome notification', () => {
    async function verifyLinkFor(userId: string) {
      const token = newToken();
      await t.db.insert(oneTimeTokens).values({
        tokenHash: hashToken(token),
        purpose: 'verify_email',
        userId,
        expiresAt: new Date(Date.now() + 60_000),
      });
      return token;
    }

    it('greets a student who verifies their e-mail, once, pointing at /profile', async () => {
      const fresh = await createUser(t.db, { placement, verified: false });
      const token = await verifyLinkFor(fresh.id);
      const response = await post(t.app, `/api/v1/auth/verify/${token}`);
      expect(response.statusCode).toBe(200);
      expect(response.json.message).toBe(VERIFY_MESSAGES.success);
      // Opening the link again is fine and sends nothing new.
      expect((await post(t.app, `/api/v1/auth/verify/${token}`)).statusCode).toBe(200);

      const result = await list(await login(t.app, fresh.email, fresh.password));
      expect(result).toEqual({
        unreadCount: 1,
        items: [
          {
            id: expect.any(String),
            fromName: null,
            description: NOTIFICATION_TEXT.welcome,
            url: '/profile',
            read: false,
            createdAt: expect.any(String),
          },
        ],
      });
      const [row] = await t.db.select().from(notifications).where(eq(notifications.toId, fresh.id));
      expect(row?.collegeId).toBe(placement.college.id);
    });

    it('does not greet staff, and a failed verification leaves no notification', async () => {
      const staff = await createUser(t.db, { placement, role: 'professor', verified: false });
      const token = await verifyLinkFor(staff.id);
      expect((await post(t.app, `/api/v1/auth/verify-staff/${token}`)).statusCode).toBe(200);
      expect(await t.db.select().from(notifications).where(eq(notifications.toId, staff.id))).toHaveLength(0);

      const student2 = await createUser(t.db, { placement, verified: false });
      const wrongPage = await verifyLinkFor(student2.id);
      expect((await post(t.app, `/api/v1/auth/verify-staff/${wrongPage}`)).statusCode).toBe(400);
      expect(await t.db.select().from(notifications).where(eq(notifications.toId, student2.id))).toHaveLength(
        0,
      );
    });
  });
});
