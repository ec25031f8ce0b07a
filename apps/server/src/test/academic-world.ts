import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, createPlacement, createUser, freshIp, login, type TestApp, unique } from './helpers';
import { createRecordsWorld, type RecordActor, type RecordsWorld } from './records-world';

/**
 * The callers of the academic records' access matrices (issue 11): the records world's, without
 * its Admin, plus the HOD of another college (same department name, other college).
 */
export const ACADEMIC_CALLERS = [
  'anonymous',
  'student',
  'otherStudent',
  'faculty',
  'facultyOtherDepartment',
  'hod',
  'hodOtherCollege',
  'master',
] as const;
export type AcademicCaller = (typeof ACADEMIC_CALLERS)[number];

export type AcademicWorld = RecordsWorld & {
  hodOtherCollege: RecordActor;
  /** A student of the other college's department (the other HOD's). */
  otherCollegeStudent: RecordActor;
  academicCookieOf(who: AcademicCaller): string | undefined;
  actorOf(who: Exclude<AcademicCaller, 'anonymous'>): RecordActor;
};

export async function createAcademicWorld(t: TestApp): Promise<AcademicWorld> {
  const world = await createRecordsWorld(t);
  const south = await createPlacement(t.db, {
    collegeName: `South ${unique('Col')}`,
    departmentName: `Medicine ${unique('Dep')}`,
  });
  const make = async (role: 'hod' | null, label: string): Promise<RecordActor> => {
    const name = `Dr. ${world.tag} ${label}`;
    const user = await createUser(t.db, { role, placement: south, name, verifyByHod: role === null });
    const cookie = await login(t.app, user.email, user.password, role === null ? 'student' : 'staff', {
      remoteAddress: freshIp(),
    });
    return { id: user.id, name, email: user.email, cookie, role };
  };
  const hodOtherCollege = await make('hod', 'South Hod');
  const otherCollegeStudent = await make(null, 'South Student');
  const actorOf = (who: Exclude<AcademicCaller, 'anonymous'>): RecordActor =>
    who === 'hodOtherCollege' ? hodOtherCollege : world.actors[who];
  return {
    ...world,
    hodOtherCollege,
    otherCollegeStudent,
    actorOf,
    academicCookieOf: (who) => (who === 'anonymous' ? undefined : actorOf(who).cookie),
  };
}

/** A test file's app and academic world, built before its tests and closed after them. */
export function withAcademicWorld(ready: (t: TestApp, w: AcademicWorld) => void): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp();
    ready(t, await createAcademicWorld(t));
  });
  afterAll(async () => {
    await t?.close();
  });
}
