import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { records } from '../../db/schema/index';
import {
  buildTestApp,
  createPlacement,
  createRecordRows,
  createUser,
  get,
  login,
  type TestApp,
} from '../../test/helpers';
import { COORDINATOR_ONLY_KIND_IDS } from './record-rows';

type Item = { id: string; studentId: string; studentName: string; kind: string; pendingSince: string };
type Resident = {
  studentId: string;
  studentName: string;
  pending: number;
  oldestPendingSince: string;
  kinds: Array<{ kind: string; pending: number; oldestPendingSince: string }>;
};

/**
 * Issue 30 section 4: a queue faculty can clear. Pending Verifications lists the longest waiting
 * first (the overdue entries lead) and names the residents of its page with all that waits of
 * theirs, by kind, so the page can group its rows under them and verify a kind of theirs at once.
 */
describe('Pending Verifications: the longest waiting first, grouped by resident', () => {
  let t: TestApp;
  let cookie: string;
  const ids: Record<string, string> = {};
  const people: Record<string, string> = {};
  const day = 86_400_000;
  // The clock of the entries: when each began to wait, in days before now.
  const now = Date.now();
  const daysBefore = (days: number) => new Date(now - days * day);

  beforeAll(async () => {
    t = await buildTestApp();
    const medicine = await createPlacement(t.db);
    const surgery = await createPlacement(t.db);
    const professor = await createUser(t.db, { role: 'professor', placement: medicine });
    const asha = await createUser(t.db, { placement: medicine, name: 'Asha Queue', verifyByHod: true });
    const bala = await createUser(t.db, { placement: medicine, name: 'Bala Queue', verifyByHod: true });
    const chitra = await createUser(t.db, { placement: medicine, name: 'Chitra Queue', verifyByHod: true });
    const elsewhere = await createUser(t.db, {
      placement: surgery,
      name: 'Dev Elsewhere',
      verifyByHod: true,
    });
    Object.assign(people, { asha: asha.id, bala: bala.id, chitra: chitra.id });
    const of = (studentId: string, kind = 'teaching') => ({ kind, studentId, placement: medicine });
    const [
      ashaTeaching9,
      ashaProcedure12,
      ashaTeaching2,
      balaReset,
      chitra1a,
      chitra1b,
      chitra1c,
      chitra1d,
      chitra1e,
      ashaVerified,
      ashaDeleted,
      ashaCoordinatorOnly,
      otherDepartment,
    ] = await createRecordRows(t.db, [
      { ...of(asha.id), date: '2026-01-01' },
      { ...of(asha.id, 'procedure'), date: '2026-01-02' },
      // The newest activity: first on the old order, last but the day-old ones on this one.
      { ...of(asha.id), date: '2026-03-01' },
      { ...of(bala.id), date: '2025-12-01' },
      ...Array.from({ length: 5 }, (_, i) => ({ ...of(chitra.id, 'opd'), date: `2026-02-0${i + 1}` })),
      {
        ...of(asha.id),
        status: 'approved' as const,
        verifiedById: professor.id,
        verifiedAt: daysBefore(1),
        score: { value: 3, label: 'Good' },
      },
      of(asha.id),
      { ...of(asha.id, COORDINATOR_ONLY_KIND_IDS[0] ?? 'drp-activity') },
      { kind: 'teaching', studentId: elsewhere.id, placement: surgery },
    ]);
    Object.assign(ids, {
      ashaTeaching9,
      ashaProcedure12,
      ashaTeaching2,
      balaReset,
      chitra1a,
      chitra1b,
      chitra1c,
      chitra1d,
      chitra1e,
    });
    const waitedSince = async (id: string | undefined, values: Partial<typeof records.$inferInsert>) =>
      t.db
        .update(records)
        .set(values)
        .where(eq(records.id, id as string));
    await waitedSince(ashaTeaching9, { createdAt: daysBefore(9) });
    await waitedSince(ashaProcedure12, { createdAt: daysBefore(12) });
    await waitedSince(ashaTeaching2, { createdAt: daysBefore(2) });
    // Submitted 40 days ago, reset to Pending 20 days ago: waits from the reset.
    await waitedSince(balaReset, { createdAt: daysBefore(40), amendedAt: daysBefore(20) });
    // Five entries submitted in the same instant: the id decides, so no row moves between pages.
    for (const id of [chitra1a, chitra1b, chitra1c, chitra1d, chitra1e])
      await waitedSince(id, { createdAt: daysBefore(1) });
    await waitedSince(ashaVerified, { createdAt: daysBefore(30) });
    await waitedSince(ashaDeleted, { createdAt: daysBefore(50), deletedAt: daysBefore(1) });
    await waitedSince(ashaCoordinatorOnly, { createdAt: daysBefore(60) });
    await waitedSince(otherDepartment, { createdAt: daysBefore(70) });
    cookie = await login(t.app, professor.email, professor.password, 'staff');
  });
  afterAll(async () => {
    await t?.close();
  });

  const pendingPage = async (query: string) => {
    const response = await get(t.app, `/api/v1/records/pending?${query}`, { cookie });
    expect(response.statusCode).toBe(200);
    return response.json as { items: Item[]; total: number; residents: Resident[] };
  };

  it('lists the longest waiting first, whatever the activity dates, a reset waiting from the reset', async () => {
    const page = await pendingPage('page=1&pageSize=10');
    expect(page.total).toBe(9);
    const chitra = [ids.chitra1a, ids.chitra1b, ids.chitra1c, ids.chitra1d, ids.chitra1e].sort();
    expect(page.items.map((item) => item.id)).toEqual([
      ids.balaReset,
      ids.ashaProcedure12,
      ids.ashaTeaching9,
      ids.ashaTeaching2,
      ...chitra,
    ]);
    const waits = page.items.map((item) => Date.parse(item.pendingSince));
    expect(waits).toEqual([...waits].sort((a, b) => a - b));
    expect(page.items[0]?.pendingSince).toBe(daysBefore(20).toISOString());
  });

  it("names the page's residents in the order of their first row, with all that waits of theirs by kind", async () => {
    const page = await pendingPage('page=1&pageSize=5');
    expect(page.items).toHaveLength(5);
    expect(page.residents).toEqual([
      {
        studentId: people.bala,
        studentName: 'Bala Queue',
        pending: 1,
        oldestPendingSince: daysBefore(20).toISOString(),
        kinds: [{ kind: 'teaching', pending: 1, oldestPendingSince: daysBefore(20).toISOString() }],
      },
      {
        studentId: people.asha,
        studentName: 'Asha Queue',
        // Neither the verified, the deleted nor the coordinator's entry waits for the professor.
        pending: 3,
        oldestPendingSince: daysBefore(12).toISOString(),
        kinds: [
          { kind: 'procedure', pending: 1, oldestPendingSince: daysBefore(12).toISOString() },
          { kind: 'teaching', pending: 2, oldestPendingSince: daysBefore(9).toISOString() },
        ],
      },
      // One of Chitra's five is on this page; all five are counted.
      {
        studentId: people.chitra,
        studentName: 'Chitra Queue',
        pending: 5,
        oldestPendingSince: daysBefore(1).toISOString(),
        kinds: [{ kind: 'opd', pending: 5, oldestPendingSince: daysBefore(1).toISOString() }],
      },
    ]);
  });

  it('pages without repeating or losing a row, and names only the residents of the page', async () => {
    const first = await pendingPage('page=1&pageSize=5');
    const second = await pendingPage('page=2&pageSize=5');
    const all = [...first.items, ...second.items].map((item) => item.id);
    expect(new Set(all).size).toBe(9);
    expect(second.residents.map((resident) => resident.studentName)).toEqual(['Chitra Queue']);
    expect(second.residents[0]?.pending).toBe(5);
  });

  it('a name search keeps the order and counts the resident whole', async () => {
    const page = await pendingPage(`page=1&pageSize=10&search=${encodeURIComponent('Asha Queue')}`);
    expect(page.items.map((item) => item.id)).toEqual([
      ids.ashaProcedure12,
      ids.ashaTeaching9,
      ids.ashaTeaching2,
    ]);
    expect(page.residents).toHaveLength(1);
    expect(page.residents[0]).toMatchObject({ studentName: 'Asha Queue', pending: 3 });
  });

  it('an empty page names nobody', async () => {
    const page = await pendingPage(`page=1&pageSize=10&search=${encodeURIComponent('Nobody Here')}`);
    expect(page).toMatchObject({ items: [], total: 0, residents: [] });
  });
});
