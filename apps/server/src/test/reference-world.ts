import type { StaffRole } from '@pgel/shared/roles';
import type { Database } from '../db/client';
import { colleges } from '../db/schema/index';
import {
  createCourse,
  createDepartment,
  createPlacement,
  createUser,
  freshIp,
  linkDepartment,
  login,
  type Placement,
  type TestApp,
} from './helpers';

export const ROLES_OF_MATRIX = [
  'anonymous',
  'student',
  'facultyOtherDepartment',
  'hodOtherCollege',
  'hod',
  'master',
] as const;
export type Who = (typeof ROLES_OF_MATRIX)[number];

export type WorldActor = {
  id: string;
  cookie: string;
  role: StaffRole | null;
  collegeId: string | null;
  collegeName: string | null;
  departmentId: string | null;
};

/**
 * Two colleges for the reference-data tests: North runs Medicine and Surgery, South runs
 * Medicine. The HOD and the student are North's Medicine; the faculty member is North's
 * Surgery; the other HOD is South's Medicine.
 */
export type ReferenceWorld = {
  north: Placement;
  south: Placement;
  surgery: Placement;
  medicine: { id: string; name: string };
  actors: Record<Exclude<Who, 'anonymous'>, WorldActor>;
  /** The cookie of a caller, or none for anonymous. */
  cookieOf(who: Who): string | undefined;
};

export async function createCollegeRow(db: Database, name: string, state = 'Kerala') {
  const [row] = await db
    .insert(colleges)
    .values({ name, state, address: `${name} Road`, phone: '9876543210', email: 'office@college.test' })
    .returning({ id: colleges.id, name: colleges.name, state: colleges.state });
  if (!row) throw new Error('fixture insert returned no row');
  return row;
}

export async function createReferenceWorld(t: TestApp): Promise<ReferenceWorld> {
  const north = await createPlacement(t.db, {
    collegeName: 'North Medical College',
    departmentName: 'Medicine',
  });
  const medicine = north.department;
  const surgeryDepartment = await createDepartment(t.db, 'Surgery');
  await linkDepartment(t.db, north.college.id, surgeryDepartment.id);
  const surgery: Placement = {
    college: north.college,
    department: surgeryDepartment,
    course: await createCourse(t.db, surgeryDepartment.id, 'MS Surgery'),
  };
  const southCollege = await createCollegeRow(t.db, 'South Medical College');
  await linkDepartment(t.db, southCollege.id, medicine.id);
  const south: Placement = { college: southCollege, department: medicine, course: north.course };

  const make = async (role: StaffRole | null, placement: Placement | undefined): Promise<WorldActor> => {
    const user = await createUser(t.db, { role, placement });
    const cookie = await login(t.app, user.email, user.password, role === null ? 'student' : 'staff', {
      remoteAddress: freshIp(),
    });
    return {
      id: user.id,
      cookie,
      role,
      collegeId: placement?.college.id ?? null,
      collegeName: placement?.college.name ?? null,
      departmentId: placement?.department.id ?? null,
    };
  };
  const actors = {
    student: await make(null, north),
    facultyOtherDepartment: await make('professor', surgery),
    hodOtherCollege: await make('hod', south),
    hod: await make('hod', north),
    master: await make('master', undefined),
  };
  return {
    north,
    south,
    surgery,
    medicine,
    actors,
    cookieOf: (who) => (who === 'anonymous' ? undefined : actors[who].cookie),
  };
}
