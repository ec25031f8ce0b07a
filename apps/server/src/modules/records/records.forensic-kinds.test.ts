import { initialsOf } from '@pgel/shared/privacy/masking';
import { RECORD_MESSAGES } from '@pgel/shared/records/api';
import { crimeScene, drpAutopsy, expertOpinion, medicoLegal } from '@pgel/shared/records/kinds';
import { FORENSIC_MESSAGES } from '@pgel/shared/records/kinds/forensic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callRecordRoute,
  createDrpRecordsWorld,
  createdRecordId,
  createKindRecord,
  DRP_CALLERS,
  type DrpCaller,
  type DrpRecordsWorld,
  type RecordRoute,
} from '../../test/drp-records-world';
import { buildTestApp, get, post, type TestApp } from '../../test/helpers';

type Statuses = Record<DrpCaller, number>;
const table = (s: Omit<Statuses, 'anonymous'>): Statuses => ({ anonymous: 401, ...s });
const FORENSIC_KINDS = [drpAutopsy, medicoLegal, expertOpinion, crimeScene];

/** Outside Forensic Medicine (and for every coordinator) the kinds answer 403 with the forensic message. */
const readers = table({
  student: 200,
  otherStudent: 404,
  medicineStudent: 404,
  faculty: 200,
  medicineFaculty: 404,
  hod: 200,
  coordinator: 404,
  otherCoordinator: 404,
  futureCoordinator: 404,
  master: 200,
});
const verifiers = table({
  student: 403,
  otherStudent: 403,
  medicineStudent: 403,
  faculty: 200,
  medicineFaculty: 404,
  hod: 200,
  coordinator: 404,
  otherCoordinator: 404,
  futureCoordinator: 404,
  master: 403,
});
const staffRefused = {
  faculty: 403,
  medicineFaculty: 403,
  hod: 403,
  coordinator: 403,
  otherCoordinator: 403,
  futureCoordinator: 403,
  master: 403,
} as const;
const expected: Record<RecordRoute, Statuses> = {
  create: table({ student: 201, otherStudent: 201, medicineStudent: 403, ...staffRefused }),
  list: table({
    student: 200,
    otherStudent: 200,
    medicineStudent: 403,
    faculty: 200,
    medicineFaculty: 403,
    hod: 200,
    coordinator: 403,
    otherCoordinator: 403,
    futureCoordinator: 403,
    master: 200,
  }),
  detail: readers,
  scores: readers,
  verify: verifiers,
  reset: verifiers,
  delete: table({ student: 200, otherStudent: 404, medicineStudent: 404, ...staffRefused }),
};
/** The 403s that are about the department (the route's own gate answers the others). */
const notForensic = (route: RecordRoute, who: DrpCaller) =>
  (route === 'create' && who === 'medicineStudent') ||
  (route === 'list' &&
    ['medicineStudent', 'medicineFaculty', 'coordinator', 'otherCoordinator'].includes(who));

describe('records: the forensic kinds, kept by Forensic Medicine (issue 12)', () => {
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

  describe.each(FORENSIC_KINDS.map((kind) => [kind.id, kind] as const))('%s', (_id, kind) => {
    describe.each(Object.keys(expected).map((route) => [route as RecordRoute] as const))('%s', (route) => {
      it.each(DRP_CALLERS.map((who) => [who, expected[route][who]] as const))(
        '%s -> %i',
        async (who, status) => {
          const cookie = w.cookieOf(who);
          const response =
            route === 'create'
              ? await createKindRecord(t, kind, cookie)
              : await callRecordRoute(t, route, kind, await createdRecordId(t, kind, student()), cookie);
          expect(response.statusCode, response.body).toBe(status);
          if (notForensic(route, who)) expect(response.json.message).toBe(FORENSIC_MESSAGES.notForensic);
        },
      );
    });

    it('the PMR document is required, each text field by its label', async () => {
      const noDoc = await createKindRecord(t, kind, student(), { certificateFileId: undefined });
      expect(noDoc.statusCode).toBe(400);
      expect(noDoc.json.message).toBe(FORENSIC_MESSAGES.pmrDoc);
      const noHistory = await createKindRecord(t, kind, student(), { history: undefined });
      expect(noHistory.statusCode).toBe(400);
      expect(noHistory.json.message).toBe('Please fill in the "History" field.');
    });

    it("lists the deceased's initials, age and sex to the student and the verifiers only", async () => {
      const word = `qw${w.tag}${kind.id.replace(/-/g, '')}`.toLowerCase();
      const name = `Deceased ${word}`;
      const created = await createKindRecord(t, kind, student(), { name, age: 47, sex: 'Female' });
      expect(created.statusCode, created.body).toBe(201);
      const id = (created.json.record as { id: string }).id;
      const itemFor = async (cookie: string) => {
        const list = await callRecordRoute(t, 'list', kind, id, cookie);
        expect(list.statusCode).toBe(200);
        const item = (list.json.items as Array<{ id: string; details: Record<string, unknown> }>).find(
          (i) => i.id === id,
        );
        expect(item?.details).toMatchObject({ age: 47, sex: 'Female' });
        return { item, body: list.body };
      };
      for (const who of ['student', 'faculty', 'hod'] as const) {
        // Initials only in a list (issue 15); in full in the detail.
        const shown = await itemFor(w.actors[who].cookie);
        expect(shown.item?.details.name).toBe(initialsOf(name));
        expect(shown.body).not.toContain(name);
      }
      const master = await itemFor(w.actors.master.cookie);
      expect(master.item?.details).not.toHaveProperty('name');
      expect(master.body).not.toContain(name);
      // Nor is it searchable: a search for it finds nothing.
      const search = await get(t.app, `/api/v1/records?kind=${kind.id}&search=${word}`, {
        cookie: w.actors.faculty.cookie,
      });
      expect(search.json.items).toEqual([]);
    });

    it('faculty verify it (not scored); it can no longer be deleted', async () => {
      const id = await createdRecordId(t, kind, student());
      const verified = await post(
        t.app,
        `/api/v1/records/${id}/verification`,
        { status: 'approved', remark: 'Correct' },
        { cookie: w.actors.faculty.cookie },
      );
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json.record).toMatchObject({
        status: 'approved',
        verifiedByName: w.actors.faculty.name,
      });
      const deleted = await callRecordRoute(t, 'delete', kind, id, student());
      expect(deleted.statusCode).toBe(409);
      expect(deleted.json.message).toBe(RECORD_MESSAGES.alreadyVerified);
    });
  });

  it('an expert opinion has no DD/FIR date', () => {
    expect(expertOpinion.fields.map((f) => f.name)).not.toContain('firDate');
    expect(expertOpinion.columns.map((c) => c.value)).not.toContain('details.firDate');
  });

  it('a General Medicine student gets no form defaults and cannot create one', async () => {
    const defaults = await get(t.app, `/api/v1/records/${drpAutopsy.id}/defaults`, {
      cookie: w.actors.medicineStudent.cookie,
    });
    expect(defaults.statusCode).toBe(403);
    expect(defaults.json.message).toBe(FORENSIC_MESSAGES.notForensic);
    const created = await createKindRecord(t, expertOpinion, w.actors.medicineStudent.cookie);
    expect(created.statusCode).toBe(403);
    expect(created.json.message).toBe(FORENSIC_MESSAGES.notForensic);
  });
});
