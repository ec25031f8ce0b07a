import { PRINT_MESSAGES, PRINT_SECTIONS } from '@pgel/shared/reports/print';
import { describe, expect, it } from 'vitest';
import {
  ACADEMIC_CALLERS,
  type AcademicCaller,
  type AcademicWorld,
  withAcademicWorld,
} from '../../test/academic-world';
import { get, type TestApp } from '../../test/helpers';

type Status = Record<AcademicCaller, number>;

/** The Medicine student's logbook: themselves, their department's staff and Master. */
const logbookStatus: Status = {
  anonymous: 401,
  student: 200,
  otherStudent: 404,
  faculty: 200,
  facultyOtherDepartment: 404,
  hod: 200,
  hodOtherCollege: 404,
  master: 200,
};

describe('print logbook: both routes for every kind of caller', () => {
  let t: TestApp;
  let w: AcademicWorld;
  withAcademicWorld((app, world) => {
    t = app;
    w = world;
  });
  const cookieOf = (who: AcademicCaller) => w.academicCookieOf(who);

  for (const who of ACADEMIC_CALLERS) {
    it(`GET /print-logbook/:studentId as ${who} -> ${logbookStatus[who]}`, async () => {
      const response = await get(t.app, `/api/v1/print-logbook/${w.actors.student.id}`, {
        cookie: cookieOf(who),
      });
      expect(response.statusCode, response.body).toBe(logbookStatus[who]);
      if (response.statusCode === 200) {
        const sections = response.json.sections as Array<{ key: string }>;
        expect(sections.map((s) => s.key)).toEqual(PRINT_SECTIONS.map((s) => s.key));
        expect((response.json.student as { id: string }).id).toBe(w.actors.student.id);
      } else if (response.statusCode === 404) {
        expect(response.json.message).toBe(PRINT_MESSAGES.studentNotFound);
        // Nothing of the student leaks into the refusal.
        expect(response.body).not.toContain(w.actors.student.name);
      }
    });
  }

  it('answers 404 for an unknown student and 400 for an id that is no uuid', async () => {
    const cookie = cookieOf('master');
    const unknown = await get(t.app, '/api/v1/print-logbook/00000000-0000-4000-8000-000000000000', {
      cookie,
    });
    expect(unknown.statusCode).toBe(404);
    const staffId = await get(t.app, `/api/v1/print-logbook/${w.actors.faculty.id}`, { cookie });
    expect(staffId.statusCode).toBe(404);
    const malformed = await get(t.app, '/api/v1/print-logbook/not-a-uuid', { cookie });
    expect(malformed.statusCode).toBe(400);
  });

  /** Who each caller finds in the picker (searched by the world's tag) and who never. */
  const pickerCases: Array<{
    who: Exclude<AcademicCaller, 'anonymous'>;
    sees: (w: AcademicWorld) => string[];
    never: (w: AcademicWorld) => string[];
  }> = [
    { who: 'student', sees: (w) => [w.actors.student.id], never: (w) => [w.actors.otherStudent.id] },
    { who: 'otherStudent', sees: (w) => [w.actors.otherStudent.id], never: (w) => [w.actors.student.id] },
    {
      who: 'faculty',
      sees: (w) => [w.actors.student.id, w.actors.otherStudent.id],
      never: (w) => [w.surgeryStudent.id, w.otherCollegeStudent.id, w.actors.faculty.id],
    },
    {
      who: 'facultyOtherDepartment',
      sees: (w) => [w.surgeryStudent.id],
      never: (w) => [w.actors.student.id, w.otherCollegeStudent.id],
    },
    {
      who: 'hod',
      sees: (w) => [w.actors.student.id, w.actors.otherStudent.id],
      never: (w) => [w.surgeryStudent.id, w.otherCollegeStudent.id],
    },
    {
      who: 'hodOtherCollege',
      sees: (w) => [w.otherCollegeStudent.id],
      never: (w) => [w.actors.student.id, w.surgeryStudent.id],
    },
    {
      who: 'master',
      sees: (w) => [w.actors.student.id, w.surgeryStudent.id, w.otherCollegeStudent.id],
      never: (w) => [w.actors.faculty.id, w.actors.master.id],
    },
  ];

  it('GET /print-logbook/students as anonymous -> 401', async () => {
    const response = await get(t.app, '/api/v1/print-logbook/students');
    expect(response.statusCode).toBe(401);
  });

  for (const { who, sees, never } of pickerCases) {
    it(`GET /print-logbook/students as ${who}: only the students they may print`, async () => {
      const response = await get(
        t.app,
        `/api/v1/print-logbook/students?search=${encodeURIComponent(w.tag)}`,
        {
          cookie: cookieOf(who),
        },
      );
      expect(response.statusCode, response.body).toBe(200);
      const ids = (response.json.items as Array<{ id: string }>).map((item) => item.id);
      for (const id of sees(w)) expect(ids).toContain(id);
      for (const id of never(w)) expect(ids).not.toContain(id);
      // Every listed student's logbook opens for the same caller.
      for (const id of ids.slice(0, 3)) {
        const logbook = await get(t.app, `/api/v1/print-logbook/${id}`, { cookie: cookieOf(who) });
        expect(logbook.statusCode).toBe(200);
      }
    });
  }

  it('lists a department without a search, with names of department and college', async () => {
    const response = await get(t.app, '/api/v1/print-logbook/students', { cookie: cookieOf('faculty') });
    expect(response.statusCode).toBe(200);
    const item = (response.json.items as Array<Record<string, string>>).find(
      (row) => row.id === w.actors.student.id,
    );
    expect(item).toEqual({
      id: w.actors.student.id,
      name: w.actors.student.name,
      departmentName: w.medicine.department.name,
      collegeName: w.medicine.college.name,
    });
  });

  it('refuses a search longer than 100 characters with 400', async () => {
    const response = await get(t.app, `/api/v1/print-logbook/students?search=${'a'.repeat(101)}`, {
      cookie: cookieOf('master'),
    });
    expect(response.statusCode).toBe(400);
  });
});
