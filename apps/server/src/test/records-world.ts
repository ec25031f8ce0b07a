import { CHECKLIST_PARTICULARS } from '@pgel/shared/records/dashboard';
import { COMMON_FIELDS, type FieldDef, type RecordKind } from '@pgel/shared/records/types';
import { todayIso } from '@pgel/shared/records/validation';
import type { StaffRole } from '@pgel/shared/roles';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/client';
import { recordScores, records } from '../db/schema/index';
import { tinyPdf } from './files';
import {
  buildTestApp,
  createCompetency,
  createCourse,
  createDepartment,
  createPlacement,
  createSkill,
  createSpeciality,
  createUser,
  freshIp,
  linkDepartment,
  login,
  type Placement,
  type TestApp,
  unique,
  uploadFile,
} from './helpers';

/** The callers of the records access matrix (issue 5), plus the department's Admin. */
export const RECORD_CALLERS = [
  'anonymous',
  'student',
  'otherStudent',
  'faculty',
  'facultyOtherDepartment',
  'hod',
  'admin',
  'master',
] as const;
export type Caller = (typeof RECORD_CALLERS)[number];

export type RecordActor = {
  id: string;
  name: string;
  email: string;
  cookie: string;
  role: StaffRole | null;
};

/** The department's reference rows a valid record of any kind points at. */
export type RecordRefs = {
  teacherId: string;
  diag: { competencyId: string; skillId: string };
  proc: { competencyId: string; skillId: string };
  specialityId: string;
};

/**
 * North Medical College runs Medicine and Surgery. The student, the other student, the faculty
 * member, the HOD and the Admin are Medicine's; the other faculty member is Surgery's (same
 * college); Master has no placement. Names carry `tag`, so a search finds only this world.
 */
export type RecordsWorld = {
  tag: string;
  medicine: Placement;
  surgery: Placement;
  actors: Record<Exclude<Caller, 'anonymous'>, RecordActor>;
  /** A Surgery student, for records outside Medicine's scope. */
  surgeryStudent: RecordActor;
  refs: RecordRefs;
  /** Surgery's reference rows (never valid for a Medicine student). */
  surgeryRefs: RecordRefs;
  cookieOf(who: Caller): string | undefined;
};

async function refsFor(t: TestApp, placement: Placement, teacherId: string): Promise<RecordRefs> {
  const departmentId = placement.department.id;
  const diag = await createCompetency(t.db, { departmentId, type: 'diag' });
  const proc = await createCompetency(t.db, { departmentId, type: 'proc' });
  const diagSkill = await createSkill(t.db, diag.id);
  const procSkill = await createSkill(t.db, proc.id);
  const speciality = await createSpeciality(t.db, { departmentId });
  return {
    teacherId,
    diag: { competencyId: diag.id, skillId: diagSkill.id },
    proc: { competencyId: proc.id, skillId: procSkill.id },
    specialityId: speciality.id,
  };
}

export async function createRecordsWorld(
  t: TestApp,
  options: { medicineName?: string } = {},
): Promise<RecordsWorld> {
  const tag = unique('Rec');
  const medicine = await createPlacement(t.db, {
    collegeName: `North ${tag}`,
    departmentName: options.medicineName ?? `Medicine ${tag}`,
  });
  const surgeryDepartment = await createDepartment(t.db, `Surgery ${tag}`);
  await linkDepartment(t.db, medicine.college.id, surgeryDepartment.id);
  const surgery: Placement = {
    college: medicine.college,
    department: surgeryDepartment,
    course: await createCourse(t.db, surgeryDepartment.id),
  };
  const make = async (role: StaffRole | null, placement: Placement | undefined, label: string) => {
    const name = `Dr. ${tag} ${label}`;
    // Students are approved by their department (verifyByHod): only they write a logbook.
    const user = await createUser(t.db, { role, placement, name, verifyByHod: role === null });
    const cookie = await login(t.app, user.email, user.password, role === null ? 'student' : 'staff', {
      remoteAddress: freshIp(),
    });
    return { id: user.id, name, email: user.email, cookie, role };
  };
  const actors = {
    student: await make(null, medicine, 'Student'),
    otherStudent: await make(null, medicine, 'Other Student'),
    faculty: await make('professor', medicine, 'Faculty'),
    facultyOtherDepartment: await make('professor', surgery, 'Surgeon'),
    hod: await make('hod', medicine, 'Hod'),
    admin: await make('admin', medicine, 'Admin'),
    master: await make('master', undefined, 'Master'),
  };
  const surgeryStudent = await make(null, surgery, 'Surgery Student');
  return {
    tag,
    medicine,
    surgery,
    actors,
    surgeryStudent,
    refs: await refsFor(t, medicine, actors.faculty.id),
    surgeryRefs: await refsFor(t, surgery, actors.facultyOtherDepartment.id),
    cookieOf: (who) => (who === 'anonymous' ? undefined : actors[who].cookie),
  };
}

/**
 * A test file's app and records world: built before its tests, closed after them. `ready`
 * receives both (the file keeps them in its own `let t` and `let w`).
 */
export function withRecordsWorld(ready: (t: TestApp, w: RecordsWorld) => void): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp();
    ready(t, await createRecordsWorld(t));
  });
  afterAll(async () => {
    await t?.close();
  });
}

/** Uploads a small PDF as a document for the signed-in caller; returns its id. */
export async function uploadDocument(t: TestApp, cookie: string): Promise<string> {
  const response = await uploadFile(
    t.app,
    'document',
    { data: tinyPdf(), fileName: 'certificate.pdf' },
    { cookie },
  );
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return (response.json.file as { id: string }).id;
}

/** A value that passes `validateRecord` for one field (remote selects from `refs`). */
export function validValue(
  kind: RecordKind,
  field: FieldDef,
  refs: RecordRefs,
  fileId: string | undefined,
): unknown {
  switch (field.input) {
    case 'text': {
      if (field.pattern) return '9876543210';
      return `${field.label} ${unique('v')}`.slice(0, field.maxLength ?? 200);
    }
    case 'textarea':
      return `${field.label} notes`.slice(0, field.maxLength ?? 2000);
    case 'date':
      return todayIso();
    case 'time':
      return '10:30';
    case 'number':
      return Math.max(field.min, Math.min(field.max, 3));
    case 'select':
      return field.options[0];
    case 'absent-present':
      return 'absent';
    case 'text-list':
      return ['Fever for three days'];
    case 'file':
      return fileId;
    case 'computed':
      return undefined;
    case 'remote-select': {
      const source = field.source;
      if (source.list === 'teachers') return refs.teacherId;
      if (source.list === 'specialities') return refs.specialityId;
      if (source.list === 'competencies') return refs[source.for].competencyId;
      const parent = kind.fields.find((f) => f.name === source.dependsOn);
      const kindOfParent =
        parent?.input === 'remote-select' && parent.source.list === 'competencies'
          ? parent.source.for
          : 'diag';
      return refs[kindOfParent].skillId;
    }
  }
}

/**
 * A checklist particular the student has no standing (pending or approved) entry of: a student
 * takes each particular once (issue 10), so a test that adds several picks a free one each time.
 */
export async function freeChecklistParticular(db: Database, studentId: string): Promise<string> {
  const taken = await db
    .select({ particular: sql<string>`${records.details}->>'particular'` })
    .from(records)
    .where(
      and(
        eq(records.studentId, studentId),
        eq(records.kind, 'checklist'),
        isNull(records.deletedAt),
        ne(records.status, 'rejected'),
      ),
    );
  const free = CHECKLIST_PARTICULARS.find((p) => !taken.some((row) => row.particular === p));
  if (!free) throw new Error('every checklist particular is taken');
  return free;
}

/** Every field's valid value, as the form sends them (flattened by name). */
export function validValues(kind: RecordKind, refs: RecordRefs, fileId?: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of kind.fields) {
    const value = validValue(kind, field, refs, fileId);
    if (value !== undefined) values[field.name] = value;
  }
  return values;
}

/** The POST /records body for flattened values: common fields beside `details`. */
export function recordBody(kind: RecordKind, values: Record<string, unknown>) {
  const body: Record<string, unknown> = { kind: kind.id };
  const details: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if ((COMMON_FIELDS as readonly string[]).includes(name)) body[name] = value;
    else details[name] = value;
  }
  body.details = details;
  return body;
}

/** Whether a kind's form has a file field (the tests upload a certificate first). */
export function needsFile(kind: RecordKind): boolean {
  return kind.fields.some((f) => f.input === 'file');
}

/**
 * The verification input that fits a record of this kind created from `validValues`: a scale's
 * top step, a full rubric when the record's type has one, nothing for unscored kinds.
 */
export function verifyInputFor(kind: RecordKind, values: Record<string, unknown>) {
  const scoring = kind.scoring;
  if (scoring.type === 'none') return {};
  if (scoring.type === 'scale') return { score: scoring.scale[scoring.scale.length - 1]?.value };
  const type = values[scoring.field];
  const rows = typeof type === 'string' ? scoring.rubrics[type] : undefined;
  if (rows) return { rubric: rows.map((_, i) => (i % 2 === 0 ? 4 : 3)) };
  return { score: scoring.otherwise[scoring.otherwise.length - 1]?.value };
}

/**
 * A record's history a minute older, so the next verification or reset sorts after it: two
 * requests in a row may share PGlite's millisecond clock.
 */
export async function ageHistory(db: Database, recordId: string): Promise<void> {
  await db
    .update(recordScores)
    .set({ createdAt: sql`${recordScores.createdAt} - interval '1 minute'` })
    .where(eq(recordScores.recordId, recordId));
}
