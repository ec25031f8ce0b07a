import { eq, inArray } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { records } from '../../db/schema/index';
import {
  createRecordRow,
  createRecordRows,
  DEFAULT_PASSWORD,
  inject,
  recordRow,
  type TestApp,
  type TestResponse,
  unique,
} from '../../test/helpers';
import { type Caller, RECORD_CALLERS, type RecordsWorld, withRecordsWorld } from '../../test/records-world';
import { recordsRoutes } from './records.routes';

type Method = 'GET' | 'POST' | 'DELETE';
type Prepared = { url: string; body?: unknown; verify: (response: TestResponse) => Promise<void> };
type Case = {
  route: string;
  method: Method;
  status: Record<Caller, number>;
  /** Fresh rows per call, so one caller's change never shows in another's check. */
  prepare: (who: Caller) => Promise<Prepared>;
};
type Item = Record<string, unknown> & { id: string };

const statuses = (s: Omit<Record<Caller, number>, 'anonymous'>): Record<Caller, number> => ({
  anonymous: 401,
  ...s,
});

/** Faculty of the record's department verify; everyone else is refused (another department: not found). */
const verifierStatuses = statuses({
  student: 403,
  otherStudent: 403,
  faculty: 200,
  facultyOtherDepartment: 404,
  hod: 200,
  admin: 403,
  master: 403,
});

describe('records: every route for every kind of caller', () => {
  let t: TestApp;
  let w: RecordsWorld;
  let pendingSerial = 0;

  withRecordsWorld((app, world) => {
    t = app;
    w = world;
  });

  const isMedicineStaff = (who: Caller) => who === 'faculty' || who === 'hod' || who === 'admin';
  /** Which of the three students' records a caller sees: the student's, the other student's, surgery's. */
  function visible(who: Caller): { student: boolean; otherStudent: boolean; surgery: boolean } {
    if (who === 'master') return { student: true, otherStudent: true, surgery: true };
    if (isMedicineStaff(who)) return { student: true, otherStudent: true, surgery: false };
    if (who === 'facultyOtherDepartment') return { student: false, otherStudent: false, surgery: true };
    if (who === 'student') return { student: true, otherStudent: false, surgery: false };
    if (who === 'otherStudent') return { student: false, otherStudent: true, surgery: false };
    return { student: false, otherStudent: false, surgery: false };
  }

  /** One record for each of the three students, with a fresh summary to search for. */
  async function threeRecords(options: { status?: 'pending' | 'approved'; date?: string } = {}) {
    const summary = unique('Topic');
    const base = {
      kind: 'teaching',
      summary,
      details: { topic: summary },
      sensitiveDetails: { secret: `Secret ${summary}` },
      status: options.status ?? 'pending',
      date: options.date ?? '2024-01-15',
    } as const;
    const [student, otherStudent, surgery] = await createRecordRows(t.db, [
      { ...base, studentId: w.actors.student.id, placement: w.medicine, teacherId: w.actors.faculty.id },
      { ...base, studentId: w.actors.otherStudent.id, placement: w.medicine },
      { ...base, studentId: w.surgeryStudent.id, placement: w.surgery },
    ]);
    return {
      summary,
      ids: { student, otherStudent, surgery } as Record<'student' | 'otherStudent' | 'surgery', string>,
    };
  }
  function expectedIds(who: Caller, ids: Record<'student' | 'otherStudent' | 'surgery', string>) {
    const v = visible(who);
    return (Object.keys(ids) as Array<keyof typeof ids>)
      .filter((k) => v[k])
      .map((k) => ids[k])
      .sort();
  }

  const studentRecord = (extra: Partial<Parameters<typeof createRecordRow>[1]> = {}) =>
    createRecordRow(t.db, {
      kind: 'teaching',
      studentId: w.actors.student.id,
      placement: w.medicine,
      teacherId: w.actors.faculty.id,
      summary: 'Topic',
      details: { topic: 'Topic', trainingType: 'Theory Class' },
      sensitiveDetails: { secret: 'Patient secret' },
      ...extra,
    });

  const unchanged = async (id: string, before: Awaited<ReturnType<typeof recordRow>>) =>
    expect(await recordRow(t.db, id)).toEqual(before);

  const cases: Case[] = [
    {
      route: 'GET /records',
      method: 'GET',
      status: statuses({
        student: 200,
        otherStudent: 200,
        faculty: 200,
        facultyOtherDepartment: 200,
        hod: 200,
        admin: 200,
        master: 200,
      }),
      prepare: async (who) => {
        const { summary, ids } = await threeRecords();
        return {
          url: `/api/v1/records?kind=teaching&search=${summary}&pageSize=20`,
          verify: async (response) => {
            if (response.statusCode !== 200) return expect(response.json.items).toBeUndefined();
            const items = response.json.items as Item[];
            expect(items.map((i) => i.id).sort()).toEqual(expectedIds(who, ids));
            expect(response.body).not.toContain('Secret');
          },
        };
      },
    },
    {
      route: 'GET /records?studentId= (a student cannot widen their scope)',
      method: 'GET',
      status: statuses({
        student: 200,
        otherStudent: 200,
        faculty: 200,
        facultyOtherDepartment: 200,
        hod: 200,
        admin: 200,
        master: 200,
      }),
      prepare: async (who) => {
        const { summary, ids } = await threeRecords();
        return {
          url: `/api/v1/records?kind=teaching&search=${summary}&studentId=${w.actors.otherStudent.id}`,
          verify: async (response) => {
            if (response.statusCode !== 200) return;
            const items = (response.json.items as Item[]).map((i) => i.id);
            if (who === 'student') expect(items).toEqual([ids.student]);
            else expect(items).toEqual(visible(who).otherStudent ? [ids.otherStudent] : []);
          },
        };
      },
    },
    {
      route: 'POST /records',
      method: 'POST',
      status: statuses({
        student: 201,
        otherStudent: 201,
        faculty: 403,
        facultyOtherDepartment: 403,
        hod: 403,
        admin: 403,
        master: 403,
      }),
      prepare: async (who) => {
        const topic = unique('NewTopic');
        return {
          url: '/api/v1/records',
          body: {
            kind: 'introduction-schedule',
            date: '2024-02-01',
            teacherId: w.actors.faculty.id,
            studentRemark: 'Attended',
            details: { topic },
          },
          verify: async (response) => {
            const rows = await t.db.select().from(records).where(eq(records.summary, topic));
            if (response.statusCode !== 201) return expect(rows).toEqual([]);
            expect(rows).toHaveLength(1);
            expect(rows[0]).toMatchObject({
              studentId: w.actors[who as 'student'].id,
              collegeId: w.medicine.college.id,
              departmentId: w.medicine.department.id,
              status: 'pending',
            });
          },
        };
      },
    },
    {
      route: 'GET /records/options/:source',
      method: 'GET',
      status: statuses({
        student: 200,
        otherStudent: 200,
        faculty: 200,
        facultyOtherDepartment: 200,
        hod: 200,
        admin: 200,
        master: 403,
      }),
      prepare: async (who) => ({
        url: '/api/v1/records/options/teachers',
        verify: async (response) => {
          if (response.statusCode !== 200) return expect(response.json.items).toBeUndefined();
          const ids = (response.json.items as Item[]).map((i) => i.id);
          if (who === 'facultyOtherDepartment') {
            expect(ids).toEqual([w.actors.facultyOtherDepartment.id]);
          } else {
            expect(ids.sort()).toEqual([w.actors.faculty.id, w.actors.hod.id].sort());
          }
        },
      }),
    },
    {
      route: 'GET /records/options/competencies',
      method: 'GET',
      status: statuses({
        student: 200,
        otherStudent: 200,
        faculty: 200,
        facultyOtherDepartment: 200,
        hod: 200,
        admin: 200,
        master: 403,
      }),
      prepare: async (who) => ({
        url: '/api/v1/records/options/competencies?for=diag',
        verify: async (response) => {
          if (response.statusCode !== 200) return;
          const refs = who === 'facultyOtherDepartment' ? w.surgeryRefs : w.refs;
          expect((response.json.items as Item[]).map((i) => i.id)).toEqual([refs.diag.competencyId]);
        },
      }),
    },
    {
      route: 'GET /records/options/skills',
      method: 'GET',
      status: statuses({
        student: 200,
        otherStudent: 200,
        faculty: 200,
        facultyOtherDepartment: 200,
        hod: 200,
        admin: 200,
        master: 403,
      }),
      prepare: async (who) => ({
        url: `/api/v1/records/options/skills?competencyId=${w.refs.proc.competencyId}`,
        verify: async (response) => {
          if (response.statusCode !== 200) return;
          // Surgery's callers never see Medicine's skills.
          const expected = who === 'facultyOtherDepartment' ? [] : [w.refs.proc.skillId];
          expect((response.json.items as Item[]).map((i) => i.id)).toEqual(expected);
        },
      }),
    },
    {
      route: 'GET /records/options/specialities',
      method: 'GET',
      status: statuses({
        student: 200,
        otherStudent: 200,
        faculty: 200,
        facultyOtherDepartment: 200,
        hod: 200,
        admin: 200,
        master: 403,
      }),
      prepare: async (who) => ({
        url: '/api/v1/records/options/specialities',
        verify: async (response) => {
          if (response.statusCode !== 200) return;
          const refs = who === 'facultyOtherDepartment' ? w.surgeryRefs : w.refs;
          expect((response.json.items as Item[]).map((i) => i.id)).toEqual([refs.specialityId]);
        },
      }),
    },
    {
      route: 'GET /records/form-context',
      method: 'GET',
      status: statuses({
        student: 200,
        otherStudent: 200,
        faculty: 200,
        facultyOtherDepartment: 200,
        hod: 200,
        admin: 200,
        master: 403,
      }),
      prepare: async () => ({
        url: '/api/v1/records/form-context',
        verify: async (response) => {
          if (response.statusCode !== 200) return expect(response.json.restrictedAllowed).toBeUndefined();
          // Neither department is the one the setting names (Anatomy by default).
          expect(response.json).toEqual({ restrictedAllowed: [] });
        },
      }),
    },
    {
      route: 'GET /records/:kind/defaults',
      method: 'GET',
      status: statuses({
        student: 200,
        otherStudent: 200,
        faculty: 403,
        facultyOtherDepartment: 403,
        hod: 403,
        admin: 403,
        master: 403,
      }),
      prepare: async (who) => {
        // The student's own latest teaching entry names the faculty; the other student's names nobody.
        await studentRecord();
        return {
          url: '/api/v1/records/teaching/defaults',
          verify: async (response) => {
            if (response.statusCode !== 200) return expect(response.json.fields).toBeUndefined();
            if (who === 'student') expect(response.json.teacherId).toBe(w.actors.faculty.id);
            else expect(response.json.teacherId).toBeUndefined();
          },
        };
      },
    },
    {
      route: 'GET /records/counts',
      method: 'GET',
      status: statuses({
        student: 200,
        otherStudent: 200,
        faculty: 403,
        facultyOtherDepartment: 403,
        hod: 403,
        admin: 403,
        master: 403,
      }),
      prepare: async (who) => {
        await threeRecords();
        return {
          url: '/api/v1/records/counts',
          verify: async (response) => {
            if (response.statusCode !== 200) return expect(response.json.items).toBeUndefined();
            const own = await t.db
              .select({ id: records.id })
              .from(records)
              .where(eq(records.studentId, w.actors[who as 'student'].id));
            const total = (response.json.items as Array<{ total: number }>).reduce(
              (sum, i) => sum + i.total,
              0,
            );
            expect(total).toBe(own.length);
          },
        };
      },
    },
    {
      route: 'GET /records/pending',
      method: 'GET',
      status: statuses({
        student: 403,
        otherStudent: 403,
        faculty: 200,
        facultyOtherDepartment: 200,
        hod: 200,
        admin: 200,
        master: 200,
      }),
      prepare: async (who) => {
        // Waiting longer than anything else of the world, the earlier callers' ones included, so
        // they are on the first page (the longest waiting first, issue 30).
        pendingSerial += 1;
        const { ids } = await threeRecords();
        await t.db
          .update(records)
          .set({ createdAt: new Date(Date.UTC(2000, 0, 100 - pendingSerial)) })
          .where(inArray(records.id, Object.values(ids)));
        return {
          url: `/api/v1/records/pending?search=${encodeURIComponent(w.tag)}&pageSize=20`,
          verify: async (response) => {
            if (response.statusCode !== 200) return expect(response.json.items).toBeUndefined();
            const got = (response.json.items as Item[]).map((i) => i.id);
            const v = visible(who);
            expect(got.includes(ids.student)).toBe(v.student);
            expect(got.includes(ids.otherStudent)).toBe(v.otherStudent);
            expect(got.includes(ids.surgery)).toBe(v.surgery);
            // Nothing outside the caller's department, ever.
            const rows = await t.db.select().from(records);
            const byId = new Map(rows.map((r) => [r.id, r]));
            for (const id of got) {
              const row = byId.get(id);
              expect(row?.status).toBe('pending');
              if (who !== 'master') {
                expect(row?.departmentId).toBe(
                  who === 'facultyOtherDepartment' ? w.surgery.department.id : w.medicine.department.id,
                );
              }
            }
          },
        };
      },
    },
    {
      route: 'GET /records/:id',
      method: 'GET',
      status: statuses({
        student: 200,
        otherStudent: 404,
        faculty: 200,
        facultyOtherDepartment: 404,
        hod: 200,
        admin: 200,
        master: 200,
      }),
      prepare: async (who) => {
        const id = await studentRecord();
        return {
          url: `/api/v1/records/${id}`,
          verify: async (response) => {
            if (response.statusCode !== 200) return expect(response.json.id).toBeUndefined();
            expect(response.json.id).toBe(id);
            const details = response.json.details as Record<string, unknown>;
            // Patient details: the student and the staff who may verify it (not Admin, not Master).
            if (who === 'master' || who === 'admin') expect(details.secret).toBeUndefined();
            else expect(details.secret).toBe('Patient secret');
            expect(response.json.canVerify).toBe(who === 'faculty' || who === 'hod');
            expect(response.json.canDelete).toBe(who === 'student');
          },
        };
      },
    },
    {
      route: 'GET /records/:id/scores',
      method: 'GET',
      status: statuses({
        student: 200,
        otherStudent: 404,
        faculty: 200,
        facultyOtherDepartment: 404,
        hod: 200,
        admin: 200,
        master: 200,
      }),
      prepare: async () => {
        const id = await studentRecord();
        const verified = await inject(
          t.app,
          'POST',
          `/api/v1/records/${id}/verification`,
          { status: 'approved', remark: 'Fine', score: 3 },
          { cookie: w.actors.faculty.cookie },
        );
        expect(verified.statusCode).toBe(200);
        return {
          url: `/api/v1/records/${id}/scores`,
          verify: async (response) => {
            if (response.statusCode !== 200) return expect(response.json.items).toBeUndefined();
            expect(response.json.items).toEqual([
              expect.objectContaining({
                status: 'approved',
                score: { value: 3, label: 'Good' },
                remark: 'Fine',
              }),
            ]);
          },
        };
      },
    },
    {
      route: 'POST /records/:id/verification',
      method: 'POST',
      status: verifierStatuses,
      prepare: async () => {
        const id = await studentRecord();
        const before = await recordRow(t.db, id);
        return {
          url: `/api/v1/records/${id}/verification`,
          body: { status: 'approved', remark: 'Well done', score: 4 },
          verify: async (response) => {
            if (response.statusCode !== 200) return unchanged(id, before);
            expect(await recordRow(t.db, id)).toMatchObject({
              status: 'approved',
              verifierRemark: 'Well done',
            });
          },
        };
      },
    },
    {
      route: 'POST /records/:id/verification (a record of another department)',
      method: 'POST',
      status: statuses({
        student: 403,
        otherStudent: 403,
        faculty: 404,
        facultyOtherDepartment: 200,
        hod: 404,
        admin: 403,
        master: 403,
      }),
      prepare: async () => {
        const id = await createRecordRow(t.db, {
          kind: 'teaching',
          studentId: w.surgeryStudent.id,
          placement: w.surgery,
        });
        const before = await recordRow(t.db, id);
        return {
          url: `/api/v1/records/${id}/verification`,
          body: { status: 'rejected', remark: 'Incomplete', score: 1 },
          verify: async (response) => {
            if (response.statusCode !== 200) return unchanged(id, before);
            expect((await recordRow(t.db, id))?.status).toBe('rejected');
          },
        };
      },
    },
    {
      route: 'POST /records/:id/reset',
      method: 'POST',
      status: verifierStatuses,
      prepare: async () => {
        const id = await studentRecord({
          status: 'approved',
          score: { value: 4, label: 'Very Good' },
          verifiedById: w.actors.faculty.id,
          verifiedAt: new Date(),
        });
        const before = await recordRow(t.db, id);
        return {
          url: `/api/v1/records/${id}/reset`,
          body: { reason: 'Entered under the wrong skill' },
          verify: async (response) => {
            if (response.statusCode !== 200) return unchanged(id, before);
            expect(await recordRow(t.db, id)).toMatchObject({
              status: 'pending',
              score: null,
              verifiedAt: null,
            });
            expect((await recordRow(t.db, id))?.amendedAt).toBeInstanceOf(Date);
          },
        };
      },
    },
    {
      route: 'POST /records/bulk-verification',
      method: 'POST',
      status: verifierStatuses,
      prepare: async () => {
        const ids = [await studentRecord(), await studentRecord()];
        const before = await Promise.all(ids.map((id) => recordRow(t.db, id)));
        return {
          url: '/api/v1/records/bulk-verification',
          body: { recordIds: ids, status: 'approved', remark: 'All good', score: 2 },
          verify: async (response) => {
            if (response.statusCode !== 200) {
              for (const [i, id] of ids.entries()) await unchanged(id, before[i]);
              return;
            }
            expect(response.json.updatedCount).toBe(2);
            for (const id of ids) expect((await recordRow(t.db, id))?.status).toBe('approved');
          },
        };
      },
    },
    // Issue 30: the resident's session with the faculty member's credentials; the faculty
    // member, not the caller, must be one who verifies the entry (record-sign-off.test.ts).
    ...(['POST /records/:id/sign-off', 'POST /records/sign-off'] as const).map(
      (route): Case => ({
        route,
        method: 'POST',
        status: statuses({
          student: 200,
          otherStudent: 404,
          faculty: 403,
          facultyOtherDepartment: 403,
          hod: 403,
          admin: 403,
          master: 403,
        }),
        prepare: async () => {
          const id = await studentRecord();
          const before = await recordRow(t.db, id);
          const single = route === 'POST /records/:id/sign-off';
          return {
            url: single ? `/api/v1/records/${id}/sign-off` : '/api/v1/records/sign-off',
            body: {
              email: w.actors.faculty.email,
              password: DEFAULT_PASSWORD,
              status: 'approved',
              remark: 'Seen',
              score: 3,
              ...(single ? {} : { recordIds: [id] }),
            },
            verify: async (response) => {
              if (response.statusCode !== 200) return unchanged(id, before);
              expect(await recordRow(t.db, id)).toMatchObject({
                status: 'approved',
                verifiedById: w.actors.faculty.id,
              });
            },
          };
        },
      }),
    ),
    {
      route: 'DELETE /records/:id',
      method: 'DELETE',
      status: statuses({
        student: 200,
        otherStudent: 404,
        faculty: 403,
        facultyOtherDepartment: 403,
        hod: 403,
        admin: 403,
        master: 403,
      }),
      prepare: async () => {
        const id = await studentRecord();
        const before = await recordRow(t.db, id);
        return {
          url: `/api/v1/records/${id}`,
          verify: async (response) => {
            if (response.statusCode !== 200) return unchanged(id, before);
            expect((await recordRow(t.db, id))?.deletedAt).toBeInstanceOf(Date);
          },
        };
      },
    },
  ];

  describe.each(cases.map((c) => [c.route, c] as const))('%s', (_route, c) => {
    it.each(RECORD_CALLERS.map((who) => [who, c.status[who]] as const))('%s -> %i', async (who, expected) => {
      const prepared = await c.prepare(who);
      const response = await inject(t.app, c.method, prepared.url, prepared.body, {
        cookie: w.cookieOf(who),
      });
      expect(response.statusCode, response.body).toBe(expected);
      if (expected >= 400)
        expect(response.json).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      await prepared.verify(response);
    });
  });

  it('every route of the module is in the matrix', async () => {
    // Register the module alone on a bare server and collect what it adds.
    const probe = Fastify();
    probe.setValidatorCompiler(validatorCompiler);
    probe.setSerializerCompiler(serializerCompiler);
    const registered: string[] = [];
    probe.addHook('onRoute', (route) => {
      for (const method of [route.method].flat())
        if (method !== 'HEAD') registered.push(`${method} ${route.url}`);
    });
    await probe.register(recordsRoutes(t.app.services.records));
    await probe.ready();
    await probe.close();
    const covered = new Set(cases.map((c) => `${c.method} ${c.route.split(' ')[1]?.split('?')[0]}`));
    for (const route of registered) expect(covered, route).toContain(route);
    expect(registered.length).toBe(15);
  });
});
