import { DRP_MESSAGES } from '@pgel/shared/drp/postings';
import { RECORD_MESSAGES } from '@pgel/shared/records/api';
import { drpActivity, drpUpload } from '@pgel/shared/records/kinds';
import type { RecordKind } from '@pgel/shared/records/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callRecordRoute,
  createDrpRecordsWorld,
  createdRecordId,
  createKindRecord,
  DRP_CALLERS,
  type DrpCaller,
  type DrpRecordsWorld,
  dayFromToday,
  type RecordRoute,
} from '../../test/drp-records-world';
import { buildTestApp, get, post, recordRow, type TestApp } from '../../test/helpers';

type Statuses = Record<DrpCaller, number>;
const table = (s: Omit<Statuses, 'anonymous'>): Statuses => ({ anonymous: 401, ...s });

/** Students and Master reach no verify route; other departments do not find the record. */
const refusedVerifiers = {
  student: 403,
  otherStudent: 403,
  medicineStudent: 403,
  medicineFaculty: 404,
  otherCoordinator: 404,
  futureCoordinator: 404,
  master: 403,
} as const;

/** Who reads one of the student's DRP records: the student, the department, the coordinator, Master. */
const readers = table({
  student: 200,
  otherStudent: 404,
  medicineStudent: 404,
  faculty: 200,
  medicineFaculty: 404,
  hod: 200,
  coordinator: 200,
  otherCoordinator: 404,
  futureCoordinator: 404,
  master: 200,
});

const expected: Record<string, Record<RecordRoute, Statuses>> = {
  [drpActivity.id]: {
    // The other student has a posting of their own; the Medicine student none (409).
    create: table({
      student: 201,
      otherStudent: 201,
      medicineStudent: 409,
      faculty: 403,
      medicineFaculty: 403,
      hod: 403,
      coordinator: 403,
      otherCoordinator: 403,
      futureCoordinator: 403,
      master: 403,
    }),
    list: table({
      student: 200,
      otherStudent: 200,
      medicineStudent: 200,
      faculty: 200,
      medicineFaculty: 200,
      hod: 200,
      coordinator: 200,
      otherCoordinator: 200,
      futureCoordinator: 200,
      master: 200,
    }),
    detail: readers,
    scores: readers,
    // Only the coordinator verifies an activity: the department's faculty are refused.
    verify: table({ ...refusedVerifiers, faculty: 403, hod: 403, coordinator: 200 }),
    reset: table({ ...refusedVerifiers, faculty: 403, hod: 403, coordinator: 200 }),
    delete: table({
      student: 200,
      otherStudent: 404,
      medicineStudent: 404,
      faculty: 403,
      medicineFaculty: 403,
      hod: 403,
      coordinator: 403,
      otherCoordinator: 403,
      futureCoordinator: 403,
      master: 403,
    }),
  },
};
// The upload: the department's faculty verify it too.
expected[drpUpload.id] = {
  ...(expected[drpActivity.id] as Record<RecordRoute, Statuses>),
  verify: table({ ...refusedVerifiers, faculty: 200, hod: 200, coordinator: 200 }),
  reset: table({ ...refusedVerifiers, faculty: 200, hod: 200, coordinator: 200 }),
};

describe('records: DRP activities and logbook uploads (issue 12)', () => {
  let t: TestApp;
  let w: DrpRecordsWorld;
  beforeAll(async () => {
    t = await buildTestApp();
    w = await createDrpRecordsWorld(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const student = () => w.actors.student.cookie;

  describe.each([drpActivity, drpUpload].map((kind) => [kind.id, kind] as const))('%s', (_id, kind) => {
    const routes = expected[kind.id] as Record<RecordRoute, Statuses>;
    describe.each(Object.keys(routes).map((route) => [route as RecordRoute] as const))('%s', (route) => {
      it.each(DRP_CALLERS.map((who) => [who, routes[route][who]] as const))(
        '%s -> %i',
        async (who, status) => {
          const cookie = w.cookieOf(who);
          if (route === 'create') {
            const response = await createKindRecord(t, kind, cookie);
            expect(response.statusCode, response.body).toBe(status);
            if (status === 409) expect(response.json.message).toBe(DRP_MESSAGES.noPosting);
            return;
          }
          const id = await createdRecordId(t, kind, student());
          const response = await callRecordRoute(t, route, kind, id, cookie);
          expect(response.statusCode, response.body).toBe(status);
          if (route === 'list' && status === 200) {
            // Only the student's department, their coordinator and Master list the record.
            const ids = (response.json.items as Array<{ id: string }>).map((item) => item.id);
            expect(ids.includes(id)).toBe(
              ['faculty', 'hod', 'student', 'coordinator', 'master'].includes(who),
            );
          }
        },
      );
    });
  });

  it('stores the institution and state of the posting, never the ones the client sends', async () => {
    for (const kind of [drpActivity, drpUpload] as RecordKind[]) {
      const response = await createKindRecord(t, kind, student(), { institution: 'Fake', state: 'Nowhere' });
      expect(response.statusCode, response.body).toBe(201);
      expect((response.json.record as { details: unknown }).details).toMatchObject({
        institution: w.posting.institution.name,
        state: w.posting.institution.state,
      });
    }
  });

  it('refuses an activity dated outside every posting, with the DRP message', async () => {
    const before = await createKindRecord(t, drpActivity, student(), { date: dayFromToday(-45) });
    expect(before.statusCode).toBe(400);
    expect(before.json.message).toBe(DRP_MESSAGES.outsidePosting);
    expect(before.json.fieldErrors).toEqual({ date: DRP_MESSAGES.outsidePosting });
    const missing = await createKindRecord(t, drpActivity, student(), { activity: undefined });
    expect(missing.json.message).toBe(DRP_MESSAGES.fillAll);
  });

  it('dates an upload on its arrival, whatever date the client sends', async () => {
    const response = await createKindRecord(t, drpUpload, student(), { date: '2020-01-01' });
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json.record as { date: string }).date).toBe(dayFromToday(0));
  });

  it('the coordinator verifies an activity with a remark and appears as Verified By', async () => {
    const id = await createdRecordId(t, drpActivity, student());
    const faculty = await post(
      t.app,
      `/api/v1/records/${id}/verification`,
      { status: 'approved', remark: 'Well done' },
      { cookie: w.actors.faculty.cookie },
    );
    expect(faculty.statusCode).toBe(403);
    const verified = await post(
      t.app,
      `/api/v1/records/${id}/verification`,
      { status: 'approved', remark: 'Well done' },
      { cookie: w.actors.coordinator.cookie },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json.record).toMatchObject({
      status: 'approved',
      verifierRemark: 'Well done',
      verifiedByName: w.actors.coordinator.name,
    });
    expect(await recordRow(t.db, id)).toMatchObject({
      status: 'approved',
      verifiedById: w.actors.coordinator.id,
    });
    const deleted = await callRecordRoute(t, 'delete', drpActivity, id, student());
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json.message).toBe(RECORD_MESSAGES.alreadyVerified);
  });

  it("the coordinator's Pending list has the student's records; the department's has no activity", async () => {
    // A word only these two records hold: the lists are searched for it.
    const word = `zq${w.tag}`.toLowerCase();
    const idOf = async (kind: RecordKind, changes: Record<string, unknown>) => {
      const response = await createKindRecord(t, kind, student(), changes);
      expect(response.statusCode, response.body).toBe(201);
      return (response.json.record as { id: string }).id;
    };
    const activity = await idOf(drpActivity, { activity: `Ward round ${word}` });
    const upload = await idOf(drpUpload, { studentRemark: `Pages 1-4 ${word}` });
    const pendingOf = async (cookie: string) => {
      const response = await get(t.app, `/api/v1/records/pending?pageSize=20&search=${word}`, { cookie });
      expect(response.statusCode).toBe(200);
      return (response.json.items as Array<{ id: string }>).map((item) => item.id);
    };
    const coordinator = await pendingOf(w.actors.coordinator.cookie);
    expect(coordinator).toEqual(expect.arrayContaining([activity, upload]));
    const faculty = await pendingOf(w.actors.faculty.cookie);
    expect(faculty).toContain(upload);
    expect(faculty).not.toContain(activity);
    for (const who of ['otherCoordinator', 'futureCoordinator'] as const) {
      const ids = await pendingOf(w.actors[who].cookie);
      expect(ids).not.toContain(activity);
      expect(ids).not.toContain(upload);
    }
  });

  it("a coordinator's list filters by student and searches only their students", async () => {
    await createdRecordId(t, drpActivity, student());
    const cookie = w.actors.coordinator.cookie;
    const byStudent = await get(
      t.app,
      `/api/v1/records?kind=drp-activity&studentId=${w.actors.student.id}&search=${encodeURIComponent(w.tag)}`,
      { cookie },
    );
    expect(byStudent.statusCode).toBe(200);
    const names = (byStudent.json.items as Array<{ studentName: string }>).map((item) => item.studentName);
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names)).toEqual(new Set([w.actors.student.name]));
    // A coordinator keeps no forensic or department kind.
    const other = await get(t.app, '/api/v1/records?kind=teaching', { cookie });
    expect(other.statusCode).toBe(403);
  });
});
