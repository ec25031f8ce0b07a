import { WEEKLY_UPDATE_MESSAGES, type WeeklyUpdates } from '@pgel/shared/reminders/weekly-updates';
import { REPORT_MESSAGES } from '@pgel/shared/reports/activity';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { records } from '../../db/schema/index';
import { indiaWeek } from '../../platform/india-time';
import {
  buildTestApp,
  createPlacement,
  createUser,
  get,
  login,
  type Placement,
  type TestApp,
  type UserFixture,
} from '../../test/helpers';
import { createResident, entriesSavedAt, ist } from './reminders.fixtures';
import { WeeklyUpdatesService } from './weekly-updates.service';

const URL = '/api/v1/reports/weekly-updates';

/** Issue 30: the HOD sees, per resident, the weeks of the last eight without an entry. */
describe('weeks without entries (the HOD view)', () => {
  let t: TestApp;
  let medicine: Placement;
  let surgery: Placement;
  type Name = 'hod' | 'professor' | 'surgeryHod' | 'master' | 'asha' | 'bala' | 'chitra' | 'dev' | 'ela';
  const u = {} as Record<Name, UserFixture>;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.db;
    medicine = await createPlacement(db);
    surgery = await createPlacement(db);
    u.hod = await createUser(db, { role: 'hod', placement: medicine });
    u.professor = await createUser(db, { role: 'professor', placement: medicine });
    u.surgeryHod = await createUser(db, { role: 'hod', placement: surgery });
    u.master = await createUser(db, { role: 'master' });
    u.asha = await createResident(db, medicine, { name: 'Asha Menon' });
    u.bala = await createResident(db, medicine, { name: 'Bala Subramanian', joiningDate: '2026-11-25' });
    u.chitra = await createResident(db, medicine, { name: 'Chitra Das' });
    u.dev = await createResident(db, medicine, { name: 'Dev Unapproved', verifyByHod: false });
    u.ela = await createResident(db, surgery, { name: 'Ela Surgery' });

    const entry = (who: UserFixture, placement = medicine) => ({
      kind: 'teaching',
      studentId: who.id,
      placement,
    });
    await entriesSavedAt(db, ist('2026-12-08 10:00'), [entry(u.asha), entry(u.bala)]);
    await entriesSavedAt(db, ist('2026-11-26 10:00'), [entry(u.asha)]);
    // A deleted entry is no entry.
    const [deleted] = await entriesSavedAt(db, ist('2026-11-17 10:00'), [entry(u.asha)]);
    await db
      .update(records)
      .set({ deletedAt: ist('2026-11-18 10:00') })
      .where(eq(records.id, deleted as string));
    // Chitra wrote every week of the eight (and this one).
    for (let week = 0; week <= 8; week += 1) {
      await entriesSavedAt(db, new Date(ist('2026-12-14 12:00').getTime() - week * 7 * 86_400_000), [
        entry(u.chitra),
      ]);
    }
    for (const name of ['hod', 'professor', 'surgeryHod', 'master'] as const) {
      const user = u[name];
      cookies[name] = await login(t.app, user.email, user.password, 'staff');
    }
    cookies.asha = await login(t.app, u.asha.email, u.asha.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists, per resident who may write, the weeks from their start without an entry, most first', async () => {
    const service = new WeeklyUpdatesService({ db: t.db });
    const hod = { id: u.hod.id, role: 'hod' as const, ...ids(medicine) };
    const view = await service.forDepartment(hod, {}, ist('2026-12-15 09:00'));
    expect(view.weeks).toEqual([
      '2026-12-07',
      '2026-11-30',
      '2026-11-23',
      '2026-11-16',
      '2026-11-09',
      '2026-11-02',
      '2026-10-26',
      '2026-10-19',
    ]);
    // Asha, Bala and Chitra; not Dev (not approved) nor Surgery's Ela.
    expect(view.residents).toBe(3);
    expect(view.items).toEqual([
      {
        studentId: u.asha.id,
        studentName: 'Asha Menon',
        missedWeeks: ['2026-11-30', '2026-11-16', '2026-11-09', '2026-11-02', '2026-10-26', '2026-10-19'],
        weeksCounted: 8,
        lastEntryAt: ist('2026-12-08 10:00').toISOString(),
      },
      {
        // Joined on Wednesday 25-11-2026: the weeks from the Monday after count.
        studentId: u.bala.id,
        studentName: 'Bala Subramanian',
        missedWeeks: ['2026-11-30'],
        weeksCounted: 2,
        lastEntryAt: ist('2026-12-08 10:00').toISOString(),
      },
    ]);
  });

  it("answers the HOD with their own department's residents", async () => {
    const response = await get(t.app, URL, { cookie: cookies.hod });
    expect(response.statusCode).toBe(200);
    const view = response.json as unknown as WeeklyUpdates;
    expect(view.weeks).toHaveLength(8);
    expect(view.weeks[0]).toBe(indiaWeek(new Date(), -1).monday);
    expect(view.items.map((item) => item.studentName)).toContain('Asha Menon');
    expect(view.items.map((item) => item.studentName)).not.toContain('Ela Surgery');
  });

  it('Master names the college and department, and must', async () => {
    const missing = await get(t.app, URL, { cookie: cookies.master });
    expect(missing.statusCode).toBe(400);
    expect(missing.json.message).toBe(WEEKLY_UPDATE_MESSAGES.chooseDepartment);
    const query = new URLSearchParams(ids(surgery));
    const response = await get(t.app, `${URL}?${query}`, { cookie: cookies.master });
    expect(response.statusCode).toBe(200);
    expect((response.json as unknown as WeeklyUpdates).items.map((item) => item.studentName)).toEqual([
      'Ela Surgery',
    ]);
  });

  it('refuses anyone else: signed out 401, faculty and students 403, another department 403', async () => {
    expect((await get(t.app, URL)).statusCode).toBe(401);
    expect((await get(t.app, URL, { cookie: cookies.professor })).statusCode).toBe(403);
    expect((await get(t.app, URL, { cookie: cookies.asha })).statusCode).toBe(403);
    const other = await get(t.app, `${URL}?${new URLSearchParams(ids(medicine))}`, {
      cookie: cookies.surgeryHod,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json.message).toBe(REPORT_MESSAGES.departmentNotAllowed);
    expect((await get(t.app, `${URL}?departmentId=not-a-uuid`, { cookie: cookies.hod })).statusCode).toBe(
      400,
    );
  });
});

function ids(placement: Placement) {
  return { collegeId: placement.college.id, departmentId: placement.department.id };
}
