import { DRP_MESSAGES as M, type Posting } from '@pgel/shared/drp/postings';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drpPostings, files } from '../../db/schema/index';
import {
  addPosting,
  createDrpInstitution,
  type DrpInstitution,
  type DrpWorld,
  dayFromToday,
  markDays,
  withDrpWorld,
} from '../../test/drp-world';
import { auditRowsFor, del, get, post, type TestApp, unique, uniquePhone } from '../../test/helpers';
import { uploadDocument } from '../../test/records-world';

type Json = Record<string, unknown>;
// The answer's shape is the shared contract's.
type PostingJson = Posting;

describe('DRP postings: the list and delete', () => {
  let t: TestApp;
  let w: DrpWorld;

  withDrpWorld((app, world) => {
    t = app;
    w = world;
  });

  /** Start dates far in the past, a new one per form: no two of them overlap any posting. */
  let spare = 0;
  const spareFrom = () => dayFromToday(-1000 - 100 * spare++);

  /** A complete Add DRPC form for a new coordinator at `institution`. */
  function form(institution: DrpInstitution, changes: Json = {}): Json {
    return {
      state: institution.state,
      institutionId: institution.id,
      coordinatorName: `Dr. ${unique('Coord')}`,
      coordinatorEmail: `${unique('drpc')}@district.test`,
      coordinatorPhone: uniquePhone(),
      scheduleFrom: spareFrom(),
      ...changes,
    };
  }
  const add = (body: Json, cookie = w.actors.student.cookie) =>
    post(t.app, '/api/v1/drp/postings', body, { cookie });

  it('deletes a posting only while no attendance is marked; the notice file stays', async () => {
    const noticeId = await uploadDocument(t, w.actors.faculty.cookie);
    const institution = await createDrpInstitution(t.db);
    const created = await add(
      form(institution, {
        studentId: w.actors.otherStudent.id,
        scheduleFrom: dayFromToday(500),
        noticeFileId: noticeId,
      }),
      w.actors.faculty.cookie,
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json.posting as PostingJson).id;
    const deleted = await del(t.app, `/api/v1/drp/postings/${id}`, { cookie: w.actors.hod.cookie });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json).toEqual({ message: M.deleted });
    expect(await t.db.select().from(drpPostings).where(eq(drpPostings.id, id))).toHaveLength(0);
    expect(await t.db.select().from(files).where(eq(files.id, noticeId))).toHaveLength(1);
    expect((await auditRowsFor(t.db, 'drp_posting', id)).map((a) => a.action)).toEqual([
      'drp.posting.create',
      'drp.posting.delete',
    ]);
    const again = await del(t.app, `/api/v1/drp/postings/${id}`, { cookie: w.actors.hod.cookie });
    expect(again.statusCode).toBe(404);
    expect(again.json.message).toBe(M.postingNotFound);

    const marked = await addPosting(t.db, {
      student: w.actors.otherStudent,
      placement: w.home,
      coordinator: w.actors.coordinator,
      from: dayFromToday(-400),
    });
    await markDays(t.db, marked, w.home, w.actors.coordinator, [{ date: marked.from, present: true }]);
    const listed = await get(
      t.app,
      `/api/v1/drp/postings?studentId=${w.actors.otherStudent.id}&search=${marked.institution.name}`,
      {
        cookie: w.actors.faculty.cookie,
      },
    );
    expect((listed.json.items as PostingJson[]).map((p) => [p.id, p.canDelete])).toEqual([
      [marked.id, false],
    ]);
    const refused = await del(t.app, `/api/v1/drp/postings/${marked.id}`, {
      cookie: w.actors.otherStudent.cookie,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json.message).toBe(M.attendanceMarked);
    expect(await t.db.select().from(drpPostings).where(eq(drpPostings.id, marked.id))).toHaveLength(1);
  });

  it('searches the list by student, institution and coordinator, and pages it', async () => {
    const list = (query: string, cookie = w.actors.faculty.cookie) =>
      get(t.app, `/api/v1/drp/postings?${query}`, { cookie });
    const ids = (response: { json: Json }) => (response.json.items as PostingJson[]).map((p) => p.id);
    expect(ids(await list(`search=${encodeURIComponent(w.posting.institution.name)}`))).toEqual([
      w.posting.id,
    ]);
    expect(ids(await list(`search=${encodeURIComponent(w.actors.otherCoordinator.name)}`))).toContain(
      w.otherPosting.id,
    );
    const byStudent = await list(`search=${encodeURIComponent(w.actors.otherStudent.name)}&pageSize=20`);
    expect(ids(byStudent)).toContain(w.otherPosting.id);
    expect(ids(byStudent)).not.toContain(w.posting.id);
    // Six more of the other student's: two pages of five, oldest first when asked.
    const extra = [];
    for (let i = 0; i < 6; i += 1) {
      extra.push(
        await addPosting(t.db, {
          student: w.actors.otherStudent,
          placement: w.home,
          coordinator: w.actors.otherCoordinator,
          from: dayFromToday(-3000 - 100 * i),
        }),
      );
    }
    const oldest = extra.map((p) => p.id).reverse();
    const page = (n: number) => list(`pageSize=5&page=${n}&sort=scheduleFrom&order=asc`);
    const first = await page(1);
    expect(first.json).toMatchObject({ page: 1, pageSize: 5 });
    expect(Number(first.json.total)).toBeGreaterThanOrEqual(9);
    expect(ids(first)).toEqual(oldest.slice(0, 5));
    expect(ids(await page(2))[0]).toBe(oldest[5]);
    // The student's own list ignores a studentId.
    expect(ids(await list(`studentId=${w.actors.otherStudent.id}`, w.actors.student.cookie))).not.toContain(
      w.otherPosting.id,
    );
    const institutions = await get(t.app, `/api/v1/drp/institutions?state=Goa`, {
      cookie: w.actors.student.cookie,
    });
    expect(institutions.json.items).toContainEqual({
      id: w.otherPosting.institution.id,
      name: w.otherPosting.institution.name,
    });
    expect((await get(t.app, '/api/v1/drp/institutions', { cookie: w.actors.student.cookie })).json).toEqual({
      items: [],
    });
  });
});
