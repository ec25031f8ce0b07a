import type { ReportItem } from '@pgel/shared/reports/activity';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACADEMIC_CALLERS,
  type AcademicCaller,
  type AcademicWorld,
  withAcademicWorld,
} from '../../test/academic-world';
import { get, type TestApp } from '../../test/helpers';
import { type ActivityIds, medicineIds, seedActivity } from './activity.fixtures';

type Scope = 'medicine' | 'surgery' | 'south';

/** Which departments' rows each caller sees on both routes (students see nothing: 403). */
const VISIBLE: Record<AcademicCaller, { status: number; scopes: Scope[] }> = {
  anonymous: { status: 401, scopes: [] },
  student: { status: 403, scopes: [] },
  otherStudent: { status: 403, scopes: [] },
  faculty: { status: 200, scopes: ['medicine'] },
  facultyOtherDepartment: { status: 200, scopes: ['surgery'] },
  hod: { status: 200, scopes: ['medicine'] },
  hodOtherCollege: { status: 200, scopes: ['south'] },
  master: { status: 200, scopes: ['medicine', 'surgery', 'south'] },
};

describe('/reports: both routes for every kind of caller', () => {
  let t: TestApp;
  let w: AcademicWorld;
  let ids: ActivityIds;

  withAcademicWorld((app, world) => {
    t = app;
    w = world;
  });
  beforeAll(async () => {
    ids = await seedActivity(t, w);
  });

  const expectedIds = (scopes: Scope[]) =>
    scopes.flatMap((scope) => (scope === 'medicine' ? medicineIds(ids) : [ids[scope]])).sort();
  /** The student names a scope's CSV holds (one line per row). */
  const expectedNames = (scopes: Scope[]) =>
    scopes
      .flatMap((scope) => {
        if (scope === 'surgery') return [w.surgeryStudent.name];
        if (scope === 'south') return [w.otherCollegeStudent.name];
        const { student, otherStudent } = w.actors;
        return [...Array(5).fill(student.name), ...Array(2).fill(otherStudent.name), ids.formulaName];
      })
      .sort();

  // The world's names carry its tag: the search keeps other test files' rows (one shared
  // PostgreSQL) out of Master's view.
  const search = () => `search=${encodeURIComponent(w.tag)}`;

  /** One CSV line's cells (RFC 4180 quoting: commas and doubled quotes inside quotes). */
  const csvCells = (line: string): string[] =>
    [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) =>
      m[1] !== undefined ? m[1].replace(/""/g, '"') : (m[2] ?? ''),
    );

  for (const who of ACADEMIC_CALLERS) {
    const expected = VISIBLE[who];

    it(`GET /reports as ${who}: ${expected.status} ${expected.scopes.join(', ')}`, async () => {
      const response = await get(t.app, `/api/v1/reports?pageSize=20&${search()}`, {
        cookie: w.academicCookieOf(who),
      });
      expect(response.statusCode).toBe(expected.status);
      if (expected.status !== 200) return;
      const items = response.json.items as ReportItem[];
      expect(items.map((item) => item.id).sort()).toEqual(expectedIds(expected.scopes));
    });

    it(`GET /reports/export.csv as ${who}: ${expected.status} ${expected.scopes.join(', ')}`, async () => {
      const response = await get(t.app, `/api/v1/reports/export.csv?${search()}`, {
        cookie: w.academicCookieOf(who),
      });
      expect(response.statusCode).toBe(expected.status);
      if (expected.status !== 200) {
        expect(response.body).not.toContain(w.actors.student.name);
        return;
      }
      const [header = [], ...rows] = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .map(csvCells);
      // The Student Name column (after College for Master, issue 28).
      const column = header.indexOf('Student Name');
      const names = rows.map((cells) => (cells[column] ?? '').replace(/^'/, ''));
      expect(names.sort()).toEqual(expectedNames(expected.scopes));
    });
  }
});
