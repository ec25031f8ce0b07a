import { FORENSIC_DEPARTMENT_NAME } from '@pgel/shared/navigation';
import type { RecordKind } from '@pgel/shared/records/types';
import type { StaffRole } from '@pgel/shared/roles';
import { addThreePostings, type DrpPostingFixture, dayFromToday, signedInUser } from './drp-world';
import {
  createCourse,
  createDepartment,
  createPlacement,
  del,
  get,
  linkDepartment,
  type Placement,
  post,
  type TestApp,
  type TestResponse,
  unique,
} from './helpers';
import {
  needsFile,
  type RecordActor,
  type RecordRefs,
  recordBody,
  uploadDocument,
  validValues,
} from './records-world';

// The posting helpers live with the postings' world; the records tests reach them through here too.
export { addPosting, createCoordinator, dayFromToday, signedInUser } from './drp-world';

/** The callers of the DRP and forensic access tables (issue 12). */
export const DRP_CALLERS = [
  'anonymous',
  'student',
  'otherStudent',
  'medicineStudent',
  'faculty',
  'medicineFaculty',
  'hod',
  'coordinator',
  'otherCoordinator',
  'futureCoordinator',
  'master',
] as const;
export type DrpCaller = (typeof DRP_CALLERS)[number];

/**
 * A college running Forensic Medicine and General Medicine. The student, the other student, the
 * faculty member and the HOD are Forensic Medicine's; the Medicine student and faculty member
 * General Medicine's. The student is posted (DRP) to `posting`'s institution under the
 * coordinator from 30 days ago to 60 days ahead, and to another under the future coordinator from
 * 100 days ahead; the other coordinator has the other student, at another institution.
 */
export type DrpRecordsWorld = {
  tag: string;
  forensic: Placement;
  medicine: Placement;
  actors: Record<Exclude<DrpCaller, 'anonymous'>, RecordActor>;
  posting: DrpPostingFixture;
  futurePosting: DrpPostingFixture;
  otherPosting: DrpPostingFixture;
  cookieOf(who: DrpCaller): string | undefined;
};

export async function createDrpRecordsWorld(t: TestApp): Promise<DrpRecordsWorld> {
  const tag = unique('Drp');
  const forensic = await createPlacement(t.db, {
    collegeName: `West ${tag}`,
    departmentName: FORENSIC_DEPARTMENT_NAME,
  });
  const medicineDepartment = await createDepartment(t.db, `General Medicine ${tag}`);
  await linkDepartment(t.db, forensic.college.id, medicineDepartment.id);
  const medicine: Placement = {
    college: forensic.college,
    department: medicineDepartment,
    course: await createCourse(t.db, medicineDepartment.id),
  };
  const person = (role: StaffRole | null, placement: Placement | undefined, label: string) =>
    signedInUser(t, role, placement, `Dr. ${tag} ${label}`);
  const students = {
    student: await person(null, forensic, 'Student'),
    otherStudent: await person(null, forensic, 'Other Student'),
    medicineStudent: await person(null, medicine, 'Medicine Student'),
    faculty: await person('professor', forensic, 'Faculty'),
    medicineFaculty: await person('professor', medicine, 'Physician'),
    hod: await person('hod', forensic, 'Hod'),
    master: await person('master', undefined, 'Master'),
  };
  const { coordinators, posting, futurePosting, otherPosting } = await addThreePostings(t, {
    tag,
    placement: forensic,
    student: students.student,
    otherStudent: students.otherStudent,
    otherFrom: dayFromToday(-30),
  });
  const actors = { ...students, ...coordinators };
  return {
    tag,
    forensic,
    medicine,
    actors,
    posting,
    futurePosting,
    otherPosting,
    cookieOf: (who) => (who === 'anonymous' ? undefined : actors[who].cookie),
  };
}

/** The DRP and forensic kinds have no remote selects: no reference rows are needed. */
const NO_REFS: RecordRefs = {
  teacherId: '',
  diag: { competencyId: '', skillId: '' },
  proc: { competencyId: '', skillId: '' },
  specialityId: '',
};

/** `POST /records` of the kind with valid values (a fresh upload for its file), `changes` applied. */
export async function createKindRecord(
  t: TestApp,
  kind: RecordKind,
  cookie: string | undefined,
  changes: Record<string, unknown> = {},
): Promise<TestResponse> {
  const fileId = needsFile(kind) && cookie ? await uploadDocument(t, cookie) : undefined;
  const values = { ...validValues(kind, NO_REFS, fileId), ...changes };
  for (const [name, value] of Object.entries(values)) if (value === undefined) delete values[name];
  return post(t.app, '/api/v1/records', recordBody(kind, values), cookie ? { cookie } : {});
}

/** Creates a record as `cookie`'s student and returns its id (the response must be 201). */
export async function createdRecordId(t: TestApp, kind: RecordKind, cookie: string): Promise<string> {
  const response = await createKindRecord(t, kind, cookie);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return (response.json.record as { id: string }).id;
}

/** The records routes the access tables call, for one record (or kind, for create and list). */
export const RECORD_ROUTES = ['create', 'list', 'detail', 'scores', 'verify', 'reset', 'delete'] as const;
export type RecordRoute = (typeof RECORD_ROUTES)[number];

export function callRecordRoute(
  t: TestApp,
  route: Exclude<RecordRoute, 'create'>,
  kind: RecordKind,
  id: string,
  cookie: string | undefined,
): Promise<TestResponse> {
  const options = cookie ? { cookie } : {};
  switch (route) {
    case 'list':
      return get(t.app, `/api/v1/records?kind=${kind.id}&pageSize=20&sort=createdAt&order=desc`, options);
    case 'detail':
      return get(t.app, `/api/v1/records/${id}`, options);
    case 'scores':
      return get(t.app, `/api/v1/records/${id}/scores`, options);
    case 'verify':
      return post(
        t.app,
        `/api/v1/records/${id}/verification`,
        { status: 'approved', remark: 'Seen' },
        options,
      );
    case 'reset':
      return post(t.app, `/api/v1/records/${id}/reset`, { reason: 'Reviewed again on request' }, options);
    case 'delete':
      return del(t.app, `/api/v1/records/${id}`, options);
  }
}
