import { addDays } from '@pgel/shared/academic/common';
import { drpScheduleTo } from '@pgel/shared/drp/postings';
import type { StaffRole } from '@pgel/shared/roles';
import { todayIso } from '@pgel/shared/schemas/dates';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/client';
import { drpAttendance, drpPostings } from '../db/schema/index';
import {
  buildTestApp,
  createCourse,
  createDepartment,
  createInstitution,
  createPlacement,
  createUser,
  freshIp,
  linkDepartment,
  login,
  type Placement,
  type TestApp,
  unique,
} from './helpers';

/** A calendar date `days` from the server's today (negative: before it). */
export function dayFromToday(days: number): string {
  return addDays(todayIso(), days);
}

export type DrpActor = { id: string; name: string; email: string; cookie: string; role: StaffRole | null };

/** A signed-in user of the role (null: an approved student), in the placement when given. */
export async function signedInUser(
  t: TestApp,
  role: StaffRole | null,
  placement: Placement | undefined,
  name: string,
): Promise<DrpActor> {
  const user = await createUser(t.db, { role, placement, name, verifyByHod: role === null });
  const cookie = await login(t.app, user.email, user.password, role === null ? 'student' : 'staff', {
    remoteAddress: freshIp(),
  });
  return { id: user.id, name, email: user.email, cookie, role };
}

/** A DRP coordinator's account: no college or department, e-mail verified, signed in as staff. */
export function createCoordinator(t: TestApp, name: string): Promise<DrpActor> {
  return signedInUser(t, 'drp_coordinator', undefined, name);
}

export type DrpInstitution = { id: string; name: string; state: string };

export async function createDrpInstitution(db: Database, state = 'Punjab'): Promise<DrpInstitution> {
  const row = await createInstitution(db, { name: `District Hospital ${unique('I')}`, state });
  return { id: row.id, name: row.name, state: row.state };
}

export type DrpPostingFixture = { id: string; from: string; to: string; institution: DrpInstitution };

/**
 * A DRP posting written straight into `drp_postings`, at a new institution unless one is given.
 * `to` defaults to from + 90 days, as the server sets it.
 */
export async function addPosting(
  db: Database,
  options: {
    student: { id: string };
    placement: Placement;
    coordinator: { id: string; name: string; email: string };
    from: string;
    to?: string;
    institution?: DrpInstitution;
  },
): Promise<DrpPostingFixture> {
  const institution = options.institution ?? (await createDrpInstitution(db));
  const to = options.to ?? drpScheduleTo(options.from);
  const [row] = await db
    .insert(drpPostings)
    .values({
      studentId: options.student.id,
      collegeId: options.placement.college.id,
      departmentId: options.placement.department.id,
      institutionId: institution.id,
      coordinatorId: options.coordinator.id,
      coordinatorName: options.coordinator.name,
      coordinatorEmail: options.coordinator.email,
      coordinatorPhone: '9876543210',
      scheduleFrom: options.from,
      scheduleTo: to,
      addedById: options.student.id,
    })
    .returning({ id: drpPostings.id });
  if (!row) throw new Error('fixture insert returned no row');
  return { id: row.id, from: options.from, to, institution };
}

/** Attendance rows written straight into the table. */
export async function markDays(
  db: Database,
  posting: { id: string },
  placement: Placement,
  coordinator: { id: string },
  days: Array<{ date: string; present: boolean }>,
): Promise<void> {
  await db.insert(drpAttendance).values(
    days.map((day) => ({
      postingId: posting.id,
      day: day.date,
      present: day.present,
      collegeId: placement.college.id,
      markedById: coordinator.id,
    })),
  );
}

/** The callers of the DRP postings and attendance access table (issue 12). */
export const DRP_POSTING_CALLERS = [
  'anonymous',
  'student',
  'otherStudent',
  'otherCollegeStudent',
  'faculty',
  'facultyOtherDepartment',
  'hod',
  'hodOtherCollege',
  'coordinator',
  'otherCoordinator',
  'futureCoordinator',
  'master',
] as const;
export type DrpPostingCaller = (typeof DRP_POSTING_CALLERS)[number];

/**
 * Two colleges. `home` runs the department of the student, the other student, the faculty
 * member and the HOD; `otherDepartment` is another department of the same college (its faculty
 * member); `south` another college (its student and HOD). Three coordinator accounts (verified,
 * no college or department, signed in on the staff tab): the student is posted under
 * `coordinator` from 30 days ago (`posting`) and under `futureCoordinator` from 100 days ahead
 * (`futurePosting`); the other student under `otherCoordinator` at another institution.
 */
export type DrpWorld = {
  tag: string;
  home: Placement;
  otherDepartment: Placement;
  south: Placement;
  actors: Record<Exclude<DrpPostingCaller, 'anonymous'>, DrpActor>;
  posting: DrpPostingFixture;
  futurePosting: DrpPostingFixture;
  otherPosting: DrpPostingFixture;
  cookieOf(who: DrpPostingCaller): string | undefined;
};

export async function createDrpWorld(t: TestApp): Promise<DrpWorld> {
  const tag = unique('Drp');
  const home = await createPlacement(t.db, {
    collegeName: `North ${tag}`,
    departmentName: `Medicine ${tag}`,
  });
  // Another department of the same college.
  const surgery = await createDepartment(t.db, `Surgery ${tag}`);
  await linkDepartment(t.db, home.college.id, surgery.id);
  const otherDepartment: Placement = {
    college: home.college,
    department: surgery,
    course: await createCourse(t.db, surgery.id),
  };
  const south = await createPlacement(t.db, {
    collegeName: `South ${tag}`,
    departmentName: `Medicine ${tag}`,
  });
  const person = (role: StaffRole | null, placement: Placement | undefined, label: string) =>
    signedInUser(t, role, placement, `Dr. ${tag} ${label}`);
  const students = {
    student: await person(null, home, 'Student'),
    otherStudent: await person(null, home, 'Other Student'),
    otherCollegeStudent: await person(null, south, 'South Student'),
    faculty: await person('professor', home, 'Faculty'),
    facultyOtherDepartment: await person('professor', otherDepartment, 'Surgeon'),
    hod: await person('hod', home, 'Hod'),
    hodOtherCollege: await person('hod', south, 'South Hod'),
    master: await person('master', undefined, 'Master'),
  };
  const { coordinators, posting, futurePosting, otherPosting } = await addThreePostings(t, {
    tag,
    placement: home,
    student: students.student,
    otherStudent: students.otherStudent,
    otherFrom: dayFromToday(-10),
  });
  const actors = { ...students, ...coordinators };
  return {
    tag,
    home,
    otherDepartment,
    south,
    actors,
    posting,
    futurePosting,
    otherPosting,
    cookieOf: (who) => (who === 'anonymous' ? undefined : actors[who].cookie),
  };
}

/**
 * The three postings both DRP worlds are built on: `student` under `coordinator` from 30 days
 * ago and under `futureCoordinator` from 100 days ahead; `otherStudent` under
 * `otherCoordinator` at another institution from `otherFrom`.
 */
export async function addThreePostings(
  t: TestApp,
  input: { tag: string; placement: Placement; student: DrpActor; otherStudent: DrpActor; otherFrom: string },
) {
  const { tag, placement } = input;
  const coordinators = {
    coordinator: await createCoordinator(t, `Dr. ${tag} Coordinator`),
    otherCoordinator: await createCoordinator(t, `Dr. ${tag} Other Coordinator`),
    futureCoordinator: await createCoordinator(t, `Dr. ${tag} Future Coordinator`),
  };
  const posting = await addPosting(t.db, {
    student: input.student,
    placement,
    coordinator: coordinators.coordinator,
    from: dayFromToday(-30),
  });
  const futurePosting = await addPosting(t.db, {
    student: input.student,
    placement,
    coordinator: coordinators.futureCoordinator,
    from: dayFromToday(100),
  });
  const otherPosting = await addPosting(t.db, {
    student: input.otherStudent,
    placement,
    coordinator: coordinators.otherCoordinator,
    from: input.otherFrom,
    institution: await createDrpInstitution(t.db, 'Goa'),
  });
  return { coordinators, posting, futurePosting, otherPosting };
}

/** A test file's app and DRP world, built before its tests and closed after them. */
export function withDrpWorld(ready: (t: TestApp, w: DrpWorld) => void): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp();
    ready(t, await createDrpWorld(t));
  });
  afterAll(async () => {
    await t?.close();
  });
}
