import { randomInt } from 'node:crypto';
import { clinicalCase, procedure } from '@pgel/shared/records/kinds';
import type { RecordKind } from '@pgel/shared/records/types';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { records } from '../../db/schema/index';
import {
  createCompetency,
  createRecordRows,
  createSkill,
  createUser,
  get,
  post,
  recordRow,
  type TestApp,
  unique,
} from '../../test/helpers';
import { type RecordsWorld, recordBody, validValues, withRecordsWorld } from '../../test/records-world';
import { backfillSearchText } from './record-search';

type Item = { id: string };

/**
 * Issue 10: the report search looks in every column a kind shows (a procedure's competency,
 * skill and IPD/OPD number, a clinical case's diagnosis, the verifier's feedback), never in
 * patient identifiers, and finds rows written before the search text existed once the start-up
 * backfill has run.
 */
describe('records search', () => {
  let t: TestApp;
  let w: RecordsWorld;

  withRecordsWorld((app, world) => {
    t = app;
    w = world;
  });

  /** The ids a report search of `kind` finds for the caller. */
  async function found(kind: RecordKind, search: string, cookie: string): Promise<string[]> {
    const response = await get(
      t.app,
      `/api/v1/records?kind=${kind.id}&pageSize=20&search=${encodeURIComponent(search)}`,
      { cookie },
    );
    expect(response.statusCode, response.body).toBe(200);
    return (response.json.items as Item[]).map((item) => item.id);
  }

  async function foundPending(search: string, cookie: string): Promise<string[]> {
    const response = await get(
      t.app,
      `/api/v1/records/pending?pageSize=20&search=${encodeURIComponent(search)}`,
      { cookie },
    );
    expect(response.statusCode, response.body).toBe(200);
    return (response.json.items as Item[]).map((item) => item.id);
  }

  /** A procedure whose competency, skill, IPD number and patient carry words of their own. */
  async function createProcedure() {
    const words = {
      competency: unique('Venous'),
      skill: unique('Cannula'),
      ipd: String(randomInt(100_000_000, 999_999_999)),
      patient: unique('Ramesh'),
    };
    const competency = await createCompetency(t.db, {
      departmentId: w.medicine.department.id,
      type: 'proc',
      title: `Central ${words.competency} Access`,
    });
    const skill = await createSkill(t.db, competency.id, `Guided ${words.skill} Insertion`);
    const response = await post(
      t.app,
      '/api/v1/records',
      recordBody(procedure, {
        ...validValues(procedure, w.refs),
        competency: competency.id,
        skills: skill.id,
        ipd: `IPD/${words.ipd}/26`,
        patient: `${words.patient} Kumar`,
      }),
      { cookie: w.actors.student.cookie },
    );
    expect(response.statusCode, response.body).toBe(201);
    return { id: (response.json.record as Item).id, words };
  }

  it('finds a procedure by its competency, skill or a part of its IPD number, in the report and Pending Verifications', async () => {
    const { id, words } = await createProcedure();
    const ipdFragment = words.ipd.slice(2, 8);
    for (const search of [words.competency, words.skill, ipdFragment, `IPD/${words.ipd}`]) {
      expect(await found(procedure, search, w.actors.faculty.cookie), search).toEqual([id]);
      expect(await found(procedure, search, w.actors.student.cookie), search).toEqual([id]);
      expect(await foundPending(search, w.actors.faculty.cookie), search).toEqual([id]);
      // Never outside the caller's scope.
      expect(await found(procedure, search, w.actors.otherStudent.cookie), search).toEqual([]);
      expect(await found(procedure, search, w.actors.facultyOtherDepartment.cookie), search).toEqual([]);
    }
    // Each word must match somewhere: the student's name and the competency together.
    expect(await found(procedure, `${w.tag} ${words.competency}`, w.actors.faculty.cookie)).toEqual([id]);
    expect(await found(procedure, `${words.competency} ${unique('none')}`, w.actors.faculty.cookie)).toEqual(
      [],
    );
  });

  it('finds a clinical case by its diagnosis, never by the patient name, contact number, address or id', async () => {
    const u = unique('');
    const contactNumber = String(randomInt(6_000_000_000, 9_999_999_999));
    const response = await post(
      t.app,
      '/api/v1/records',
      recordBody(clinicalCase, {
        ...validValues(clinicalCase, w.refs),
        patientId: `UHID${u}`,
        name: `Sunita${u} Devi`,
        contactNumber,
        address: `Lakeroad${u} Street`,
        provisionalDiagnosis: `Pneumonia${u} lower lobe`,
      }),
      { cookie: w.actors.student.cookie },
    );
    expect(response.statusCode, response.body).toBe(201);
    const id = (response.json.record as Item).id;
    expect(await found(clinicalCase, `Pneumonia${u}`, w.actors.faculty.cookie)).toEqual([id]);
    for (const patientWord of [`Sunita${u}`, contactNumber, `Lakeroad${u}`, `UHID${u}`]) {
      expect(await found(clinicalCase, patientWord, w.actors.faculty.cookie), patientWord).toEqual([]);
      expect(await found(clinicalCase, patientWord, w.actors.student.cookie), patientWord).toEqual([]);
      expect(await foundPending(patientWord, w.actors.faculty.cookie), patientWord).toEqual([]);
    }
    const stored = (await recordRow(t.db, id))?.searchText ?? '';
    expect(stored).toContain(`pneumonia${u}`);
    for (const patientWord of [`sunita${u}`, contactNumber, `lakeroad${u}`, `uhid${u}`]) {
      expect(stored).not.toContain(patientWord);
    }
  });

  it("never finds a procedure by its patient's name", async () => {
    const { id, words } = await createProcedure();
    expect(await found(procedure, words.competency, w.actors.faculty.cookie)).toEqual([id]);
    expect(await found(procedure, words.patient, w.actors.faculty.cookie)).toEqual([]);
    expect(await found(procedure, words.patient, w.actors.student.cookie)).toEqual([]);
    expect(await foundPending(words.patient, w.actors.faculty.cookie)).toEqual([]);
    expect((await recordRow(t.db, id))?.searchText).not.toContain(words.patient.toLowerCase());
  });

  it('finds a verified record by its feedback and verifier; a reset forgets the feedback', async () => {
    const { id } = await createProcedure();
    const feedback = unique('Meticulous');
    const verified = await post(
      t.app,
      `/api/v1/records/${id}/verification`,
      { status: 'approved', remark: `${feedback} asepsis`, score: 3 },
      { cookie: w.actors.hod.cookie },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await found(procedure, feedback, w.actors.student.cookie)).toEqual([id]);
    expect(await found(procedure, 'Hod', w.actors.student.cookie)).toEqual([id]);

    const reset = await post(
      t.app,
      `/api/v1/records/${id}/reset`,
      { reason: 'Reviewed again on request' },
      { cookie: w.actors.hod.cookie },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await found(procedure, feedback, w.actors.student.cookie)).toEqual([]);
  });

  it('fills the search text of rows written before it existed, once, in batches, on several servers at once', async () => {
    const student = await createUser(t.db, { placement: w.medicine, name: `Dr. ${w.tag} Archive` });
    const competencyWord = unique('Thoracentesis');
    const ipd = String(randomInt(100_000_000, 999_999_999));
    const ids = await createRecordRows(
      t.db,
      Array.from({ length: 5 }, (_, i) => ({
        kind: procedure.id,
        studentId: student.id,
        placement: w.medicine,
        teacherId: w.actors.faculty.id,
        summary: 'Aspiration',
        details: {
          ipddDate: '2024-01-15',
          competency: { id: w.refs.proc.competencyId, title: `${competencyWord} Basics` },
          skills: { id: w.refs.proc.skillId, title: 'Aspiration' },
          patient: `Old Patient ${i}`,
          ipd: `OPD-${ipd}-${i}`,
          role: 'Performed',
        },
        withoutSearchText: true,
      })),
    );
    expect(await found(procedure, competencyWord, w.actors.faculty.cookie)).toEqual([]);

    // Two servers starting together: each takes the rows the other has not locked.
    const [first, second] = await Promise.all([
      backfillSearchText(t.db, { batchSize: 2 }),
      backfillSearchText(t.db, { batchSize: 2 }),
    ]);
    expect(first + second).toBe(ids.length);
    const rows = await t.db.select().from(records).where(inArray(records.id, ids));
    for (const row of rows) {
      expect(row.searchText).toContain(`${competencyWord.toLowerCase()} basics`);
      expect(row.searchText).not.toContain('old patient');
    }
    expect((await found(procedure, competencyWord, w.actors.faculty.cookie)).sort()).toEqual([...ids].sort());
    expect(await found(procedure, `${ipd}-3`, w.actors.faculty.cookie)).toEqual([ids[3]]);
    // Run again (the next start): nothing left to fill.
    expect(await backfillSearchText(t.db)).toBe(0);
  });

  it("finds every student's records when a word names more students than are listed (Master's wide search)", async () => {
    const surname = unique('Wideson');
    const students: string[] = [];
    // Past 500 students named like the word, the search keeps them in a subquery.
    for (let i = 0; i < 503; i += 50) {
      const batch = Array.from({ length: Math.min(50, 503 - i) }, (_, j) =>
        createUser(t.db, { placement: w.medicine, name: `Dr. ${w.tag} ${i + j} ${surname}` }),
      );
      students.push(...(await Promise.all(batch)).map((student) => student.id));
    }
    const ids = await createRecordRows(
      t.db,
      students.map((studentId) => ({
        kind: procedure.id,
        studentId,
        placement: w.medicine,
        teacherId: w.actors.faculty.id,
        summary: 'Lumbar puncture',
      })),
    );
    const response = await get(
      t.app,
      `/api/v1/records?kind=${procedure.id}&pageSize=10&search=${encodeURIComponent(surname)}`,
      { cookie: w.actors.master.cookie },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json.total).toBe(ids.length);
  });
});
