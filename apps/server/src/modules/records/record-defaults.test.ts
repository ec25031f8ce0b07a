import { RECORD_MESSAGES, RecordDefaultsSchema } from '@pgel/shared/records/api';
import { procedure, teaching } from '@pgel/shared/records/kinds';
import type { RecordKind } from '@pgel/shared/records/types';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { competencies, records, users } from '../../db/schema/index';
import {
  createCompetency,
  createSkill,
  createUser,
  freshIp,
  get,
  login,
  post,
  type TestApp,
} from '../../test/helpers';
import { type RecordsWorld, recordBody, validValues, withRecordsWorld } from '../../test/records-world';

type Json = Record<string, unknown>;

describe('GET /records/:kind/defaults', () => {
  let t: TestApp;
  let w: RecordsWorld;

  withRecordsWorld((app, world) => {
    t = app;
    w = world;
  });

  /** A new Medicine student of this world, with the HOD as unit head unless told otherwise. */
  async function newStudent(unitHeadId: string | null = w.actors.hod.id) {
    const user = await createUser(t.db, {
      placement: w.medicine,
      unitHeadId: unitHeadId ?? undefined,
      // Approved: only an approved student writes the logbook.
      verifyByHod: true,
    });
    const cookie = await login(t.app, user.email, user.password, 'student', { remoteAddress: freshIp() });
    return { id: user.id, cookie };
  }
  const defaultsOf = (kind: string, cookie: string | undefined) =>
    get(t.app, `/api/v1/records/${kind}/defaults`, cookie ? { cookie } : {});
  /** The student's entries so far a minute older: two requests in a row may share PGlite's millisecond clock. */
  const ageEntries = (studentId: string) =>
    t.db
      .update(records)
      .set({ createdAt: sql`${records.createdAt} - interval '1 minute'` })
      .where(eq(records.studentId, studentId));
  const create = async (kind: RecordKind, values: Json, cookie: string) => {
    const response = await post(t.app, '/api/v1/records', recordBody(kind, values), { cookie });
    expect(response.statusCode, response.body).toBe(201);
  };
  /** A procedure competency of Medicine with one skill: a valid procedure's other choice. */
  async function otherProcedure(title: string) {
    const competency = await createCompetency(t.db, {
      departmentId: w.medicine.department.id,
      type: 'proc',
      title: `${title} ${w.tag}`,
    });
    const skill = await createSkill(t.db, competency.id);
    return { competencyId: competency.id, skillId: skill.id, title: competency.title };
  }

  it('proposes the unit head as the teacher of a first entry, and no competency', async () => {
    const student = await newStudent();
    const response = await defaultsOf('procedure', student.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ teacherId: w.actors.hod.id, fields: {} });
    expect(RecordDefaultsSchema.safeParse(response.json).success).toBe(true);
    const withoutHead = await newStudent(null);
    expect((await defaultsOf('procedure', withoutHead.cookie)).json).toEqual({ fields: {} });
  });

  it("proposes the teacher and competency of the student's latest entry of that kind", async () => {
    const student = await newStudent();
    const lumbar = await otherProcedure('Lumbar puncture');
    await create(procedure, validValues(procedure, w.refs), student.cookie);
    await ageEntries(student.id);
    await create(
      procedure,
      {
        ...validValues(procedure, w.refs),
        competency: lumbar.competencyId,
        skills: lumbar.skillId,
        teacherId: w.actors.hod.id,
      },
      student.cookie,
    );
    expect((await defaultsOf('procedure', student.cookie)).json).toEqual({
      teacherId: w.actors.hod.id,
      fields: { competency: { id: lumbar.competencyId, title: lumbar.title } },
    });

    // A later entry with another teacher: that one is proposed next (the faculty, not the unit head).
    await ageEntries(student.id);
    await create(procedure, validValues(procedure, w.refs), student.cookie);
    const latest = (await defaultsOf('procedure', student.cookie)).json;
    expect(latest.teacherId).toBe(w.actors.faculty.id);
    expect((latest.fields as Json).competency).toMatchObject({ id: w.refs.proc.competencyId });

    // Another kind goes by its own entries: none yet, so the unit head; teaching has no competency.
    expect((await defaultsOf(teaching.id, student.cookie)).json).toEqual({
      teacherId: w.actors.hod.id,
      fields: {},
    });
  });

  it('never proposes a teacher who left or a competency no longer listed', async () => {
    const student = await newStudent();
    const leaving = await createUser(t.db, { role: 'professor', placement: w.medicine });
    const dropped = await otherProcedure('Pleural tap');
    await create(
      procedure,
      {
        ...validValues(procedure, w.refs),
        teacherId: leaving.id,
        competency: dropped.competencyId,
        skills: dropped.skillId,
      },
      student.cookie,
    );
    await t.db.update(users).set({ blocked: true }).where(eq(users.id, leaving.id));
    await t.db.update(competencies).set({ type: 'diag' }).where(eq(competencies.id, dropped.competencyId));
    expect((await defaultsOf('procedure', student.cookie)).json).toEqual({
      teacherId: w.actors.hod.id,
      fields: {},
    });

    // A unit head who is no longer a teacher of the department is not proposed either.
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, w.actors.hod.id));
    try {
      expect((await defaultsOf('procedure', student.cookie)).json).toEqual({ fields: {} });
    } finally {
      await t.db.update(users).set({ deletedAt: null }).where(eq(users.id, w.actors.hod.id));
    }
  });

  it("reads the caller's own entries only, and only a placed student may ask", async () => {
    const student = await newStudent();
    await create(procedure, validValues(procedure, w.refs), student.cookie);
    // A classmate with no entries of their own gets nothing from this student's.
    const classmate = await newStudent(null);
    expect((await defaultsOf('procedure', classmate.cookie)).json).toEqual({ fields: {} });
    // A deleted entry is not the latest one.
    await t.db.update(records).set({ deletedAt: new Date() }).where(eq(records.studentId, student.id));
    expect((await defaultsOf('procedure', student.cookie)).json).toEqual({
      teacherId: w.actors.hod.id,
      fields: {},
    });

    const unknown = await defaultsOf('synopsis-x', student.cookie);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json.message).toBe(RECORD_MESSAGES.unknownKind);
    expect((await defaultsOf('procedure', undefined)).statusCode).toBe(401);
    expect((await defaultsOf('procedure', w.actors.faculty.cookie)).statusCode).toBe(403);
    expect((await defaultsOf('procedure', w.actors.master.cookie)).statusCode).toBe(403);
  });
});
