import { isOverdue } from '@pgel/shared/records/overdue';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, records } from '../../db/schema/index';
import {
  APP_URL,
  buildTestApp,
  createPlacement,
  createRecordRows,
  createUser,
  get,
  login,
  type TestApp,
  type UserFixture,
} from '../../test/helpers';
import { VerificationDigest } from './verification-digest';

type Row = { id: string; pendingSince: string | null; status: string };

/**
 * Issue 30: a pending entry waits from its submission, or its last reset to Pending; after 7 days
 * it is Overdue in its verifier's queue (Pending Verifications, the reports) and digest.
 */
describe('overdue entries', () => {
  let t: TestApp;
  let professor: UserFixture;
  let cookie: string;
  const ids: Record<string, string> = {};
  // The entries' clock: submitted 9 and 2 days before `now`; one submitted 30 days before and
  // reset to Pending 3 days before; one verified.
  const now = new Date('2026-12-15T03:30:00Z');
  const daysBefore = (days: number) => new Date(now.getTime() - days * 86_400_000);

  beforeAll(async () => {
    t = await buildTestApp();
    const medicine = await createPlacement(t.db);
    professor = await createUser(t.db, { role: 'professor', placement: medicine, name: 'Dr. Meera Pillai' });
    const asha = await createUser(t.db, { placement: medicine, name: 'Asha Menon', verifyByHod: true });
    const entry = { kind: 'teaching', studentId: asha.id, placement: medicine, teacherId: professor.id };
    const [old, fresh, reset, verified] = await createRecordRows(t.db, [
      { ...entry, date: '2026-12-01' },
      { ...entry, date: '2026-12-12' },
      { ...entry, date: '2026-11-10' },
      {
        ...entry,
        date: '2026-11-11',
        status: 'approved',
        verifiedById: professor.id,
        verifiedAt: daysBefore(20),
      },
    ]);
    Object.assign(ids, { old, fresh, reset, verified });
    const set = async (id: string | undefined, values: Partial<typeof records.$inferInsert>) =>
      t.db
        .update(records)
        .set(values)
        .where(eq(records.id, id as string));
    await set(old, { createdAt: daysBefore(9) });
    await set(fresh, { createdAt: daysBefore(2) });
    await set(reset, { createdAt: daysBefore(30), amendedAt: daysBefore(3) });
    await set(verified, { createdAt: daysBefore(25) });
    cookie = await login(t.app, professor.email, professor.password, 'staff');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('Pending Verifications says when each entry began to wait: submission, or the last reset', async () => {
    const response = await get(t.app, '/api/v1/records/pending?page=1&pageSize=10', { cookie });
    expect(response.statusCode).toBe(200);
    const items = response.json.items as Row[];
    const since = new Map(items.map((item) => [item.id, item.pendingSince]));
    expect(since.get(ids.old as string)).toBe(daysBefore(9).toISOString());
    expect(since.get(ids.reset as string)).toBe(daysBefore(3).toISOString());
    expect(since.has(ids.verified as string)).toBe(false);
    // Overdue after more than 7 days, by the shared rule the page uses.
    const overdue = items.filter((item) => isOverdue(item.pendingSince, now)).map((item) => item.id);
    expect(overdue).toEqual([ids.old]);
  });

  it('the reports carry it for pending entries only', async () => {
    const response = await get(t.app, '/api/v1/reports?page=1&pageSize=10', { cookie });
    expect(response.statusCode).toBe(200);
    const since = new Map((response.json.items as Row[]).map((item) => [item.id, item.pendingSince]));
    expect(since.get(ids.old as string)).toBe(daysBefore(9).toISOString());
    expect(since.get(ids.fresh as string)).toBe(daysBefore(2).toISOString());
    expect(since.get(ids.verified as string)).toBeNull();

    const list = await get(t.app, '/api/v1/records?kind=teaching&page=1&pageSize=10', { cookie });
    const rows = list.json.items as Array<{ id: string; createdAt: string; amendedAt: string | null }>;
    expect(rows.find((row) => row.id === ids.reset)?.amendedAt).toBe(daysBefore(3).toISOString());
  });

  it('the digest marks the overdue entries and says how many', async () => {
    const digest = new VerificationDigest({
      db: t.db,
      log: t.app.log,
      appUrl: APP_URL,
      hour: 7,
      onQueued: () => {},
    });
    expect(await digest.runOnce(now)).toBe(1);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.to, professor.email), like(mailOutbox.subject, '% waiting for your verification')),
      );
    const text = mail?.text ?? '';
    expect(text).toContain('3 entries are waiting for your verification:');
    expect(text).toContain(
      'One is Overdue (waiting more than 7 days); entries waiting more than 14 days are named to your HOD each week.',
    );
    expect(text).toContain(
      `- Overdue (waiting 9 days): Teaching Experience, 01-12-2026: ${APP_URL}/task/teaching?record=${ids.old}`,
    );
    expect(text).toContain(`- Teaching Experience, 12-12-2026: ${APP_URL}/task/teaching?record=${ids.fresh}`);
    expect(text).toContain(`- Teaching Experience, 10-11-2026: ${APP_URL}/task/teaching?record=${ids.reset}`);
    const rows = await t.db
      .select()
      .from(records)
      .where(inArray(records.id, [ids.old as string]));
    expect(rows[0]?.status).toBe('pending');
  });
});
