import { RECORD_MESSAGES, RecordDefaultsSchema } from '@pgel/shared/records/api';
import { opd, procedure, teaching } from '@pgel/shared/records/kinds';
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
    const { last, ...proposed } = (await defaultsOf('procedure', student.cookie)).json;
    expect(proposed).toEqual({
      teacherId: w.actors.hod.id,
      fields: { competency: { id: lumbar.competencyId, title: lumbar.title } },
    });
    expect(last).toMatchObject({ values: { teacherId: w.actors.hod.id, competency: lumbar.competencyId } });

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

  it('repeat last: the choices of the latest entry of the kind, never its patient, IPD/OPD number or remark', async () => {
    const student = await newStudent();
    const lumbar = await otherProcedure('Cisternal tap');
    const earlier = '2026-01-05';
    await create(
      procedure,
      {
        ...validValues(procedure, w.refs),
        ipddDate: earlier,
        competency: lumbar.competencyId,
        skills: lumbar.skillId,
        teacherId: w.actors.hod.id,
        role: 'Performed Independently',
        patient: 'Sunita Rao Repeatcheck',
        ipd: 'IPD-4242-REPEAT',
        studentRemark: 'Tapped at L4 repeatcheck',
      },
      student.cookie,
    );
    const response = await defaultsOf('procedure', student.cookie);
    expect(response.statusCode).toBe(200);
    expect(RecordDefaultsSchema.safeParse(response.json).success).toBe(true);
    expect(response.json.last).toEqual({
      date: earlier,
      values: {
        competency: lumbar.competencyId,
        skills: lumbar.skillId,
        role: 'Performed Independently',
        teacherId: w.actors.hod.id,
      },
    });
    expect(response.body).not.toMatch(/Sunita|IPD-4242|repeatcheck/i);

    // The venue of an OPD is repeated (where the resident worked, not whom they saw).
    await create(
      opd,
      { ...validValues(opd, w.refs), venue: 'OPD block 2', teacherId: w.actors.hod.id },
      student.cookie,
    );
    const opdLast = (await defaultsOf(opd.id, student.cookie)).json.last as Json;
    expect(opdLast.values).toEqual({ venue: 'OPD block 2', teacherId: w.actors.hod.id });

    // A skill no longer under its competency is not repeated; the rest still is.
    await t.db.execute(
      sql`update skills set competency_id = ${w.refs.proc.competencyId} where id = ${lumbar.skillId}`,
    );
    expect(((await defaultsOf('procedure', student.cookie)).json.last as Json).values).toEqual({
      competency: lumbar.competencyId,
      role: 'Performed Independently',
      teacherId: w.actors.hod.id,
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
    const { last, ...proposed } = (await defaultsOf('procedure', student.cookie)).json;
    expect(proposed).toEqual({ teacherId: w.actors.hod.id, fields: {} });
    // Repeat last leaves them out too (and the skill, whose competency is gone): the role stays.
    expect((last as Json).values).toEqual({ role: validValues(procedure, w.refs).role });

    // A unit head who is no longer a teacher of the department is not proposed either.
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, w.actors.hod.id));
    try {
      const { last: _last, ...proposed } = (await defaultsOf('procedure', student.cookie)).json;
      expect(proposed).toEqual({ fields: {} });
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
