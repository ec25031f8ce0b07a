import { plainPatientIdentifierFields } from '@pgel/shared/privacy/masking';
import { RECORD_KINDS } from '@pgel/shared/records/kinds';
import type { RecordStatus } from '@pgel/shared/records/types';
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNull,
  notInArray,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client';
import { departmentPlaceholders, preparedOnce, prepareNamed, runNamed } from '../../db/prepared';
import {
  competencies,
  departments,
  drpPostings,
  files,
  institutions,
  notifications,
  recordScores,
  records,
  settings,
  skills,
  specialities,
  users,
} from '../../db/schema/index';
import { visibleTitles } from '../../platform/title-list.repository';
import { COMPETENCY_TITLES, SPECIALITY_TITLES } from '../reference/title-owners';
import { changesShownColumns, searchTextSource, searchTextsAfter } from './record-search';
import { pendingSinceColumn } from './record-wait';

/**
 * Whose records a caller sees (DESIGN.md section 4): Master all, staff their college and
 * department's, a student their own; staff without a placement nobody's. A DRP coordinator
 * sees the records of the kinds they verify (`kinds`), of the students with a posting of theirs
 * that has started by `today` (issue 12). A department's staff do not see `hiddenKinds` in
 * their Pending Verifications (the kinds only a coordinator verifies).
 */
export type RecordScope<Id = string> =
  | { kind: 'all' }
  | { kind: 'department'; collegeId: Id; departmentId: Id }
  | { kind: 'student'; studentId: Id }
  | { kind: 'drp-coordinator'; coordinatorId: string; kinds: readonly string[]; today: string }
  | { kind: 'none' };

/** Live (not deleted) records inside the scope; the partial indexes serve exactly this. */
export function recordsWhere(scope: RecordScope<string | Placeholder>): SQL {
  const live = isNull(records.deletedAt);
  switch (scope.kind) {
    case 'all':
      return live;
    case 'department':
      return and(
        live,
        eq(records.collegeId, scope.collegeId),
        eq(records.departmentId, scope.departmentId),
      ) as SQL;
    case 'student':
      return and(live, eq(records.studentId, scope.studentId)) as SQL;
    case 'drp-coordinator':
      if (scope.kinds.length === 0) return sql`false`;
      return and(
        live,
        inArray(records.kind, [...scope.kinds]),
        // The records of the coordinator's own postings, from each posting's first day: not the
        // resident's records of another posting under another coordinator.
        sql`exists (select 1 from ${drpPostings} where ${drpPostings.id} = ${records.drpPostingId} and ${drpPostings.coordinatorId} = ${scope.coordinatorId} and ${drpPostings.scheduleFrom} <= ${scope.today})`,
      ) as SQL;
    case 'none':
      return sql`false`;
  }
}

/**
 * The scope's condition with its ids as placeholders, their values, and the name of its shape,
 * for a query built once per shape (issue 16). A DRP coordinator's scope (a list of kinds) has
 * no shape: its condition holds its values and is built each time.
 */
export function scopeParameters(scope: RecordScope): {
  where: SQL;
  values: Record<string, unknown>;
  shape?: string;
} {
  switch (scope.kind) {
    case 'department': {
      const { ids, values } = departmentPlaceholders(scope);
      return { where: recordsWhere({ kind: 'department', ...ids }), values, shape: scope.kind };
    }
    case 'student':
      return {
        where: recordsWhere({ kind: 'student', studentId: sql.placeholder('studentId') }),
        values: { studentId: scope.studentId },
        shape: scope.kind,
      };
    case 'all':
    case 'none':
      return { where: recordsWhere(scope), values: {}, shape: scope.kind };
    case 'drp-coordinator':
      return { where: recordsWhere(scope), values: {} };
  }
}

const student = alias(users, 'student');
const teacher = alias(users, 'teacher');
const verifier = alias(users, 'verifier');
const certificate = alias(files, 'certificate');

/** A list row: never `sensitive_details`. */
const itemColumns = {
  id: records.id,
  kind: records.kind,
  studentId: records.studentId,
  studentName: student.name,
  collegeId: records.collegeId,
  departmentId: records.departmentId,
  date: records.date,
  teacherId: records.teacherId,
  teacherName: teacher.name,
  status: records.status,
  studentRemark: records.studentRemark,
  verifierRemark: records.verifierRemark,
  score: records.score,
  verifiedByName: verifier.name,
  verifiedAt: records.verifiedAt,
  everVerified: records.everVerified,
  confirmedRole: records.confirmedRole,
  amendedAt: records.amendedAt,
  certificateId: certificate.id,
  certificateName: certificate.originalName,
  certificateType: certificate.contentType,
  details: records.details,
  createdAt: records.createdAt,
};

export type RecordItemRow = {
  id: string;
  kind: string;
  studentId: string;
  studentName: string;
  collegeId: string;
  departmentId: string;
  date: string | null;
  teacherId: string | null;
  teacherName: string | null;
  status: string;
  studentRemark: string | null;
  verifierRemark: string | null;
  score: unknown;
  verifiedByName: string | null;
  verifiedAt: Date | null;
  everVerified: boolean;
  confirmedRole: string | null;
  amendedAt: Date | null;
  certificateId: string | null;
  certificateName: string | null;
  certificateType: string | null;
  details: unknown;
  createdAt: Date;
};

/**
 * The report table's page and count (and the sensitive details only when asked), both filtered by `recordsWhere` and the kind in the
 * caller's `where`. The search looks students up by name first (`recordSearchTargets`), so the
 * count never joins the student.
 */
export function recordListQueries(db: Executor, options: { withSensitive?: boolean } = {}) {
  return {
    rows: db
      .select({
        ...itemColumns,
        // Only for kinds whose list shows sensitive fields to some callers (`sensitiveInList`).
        sensitiveDetails: options.withSensitive ? records.sensitiveDetails : sql<unknown>`null`,
      })
      .from(records)
      .innerJoin(student, eq(student.id, records.studentId))
      .leftJoin(teacher, eq(teacher.id, records.teacherId))
      .leftJoin(verifier, eq(verifier.id, records.verifiedById))
      .leftJoin(certificate, eq(certificate.id, records.certificateFileId))
      .$dynamic(),
    count: db.select({ total: count() }).from(records).$dynamic(),
  };
}

export const recordListColumns = {
  sortable: { date: records.date, createdAt: records.createdAt, status: records.status },
  tieBreaker: records.id,
};

function recordItemQuery(db: Executor, scope: SQL, id: string | Placeholder) {
  return db
    .select({
      ...itemColumns,
      sensitiveDetails: records.sensitiveDetails,
      verifiedById: records.verifiedById,
    })
    .from(records)
    .innerJoin(student, eq(student.id, records.studentId))
    .leftJoin(teacher, eq(teacher.id, records.teacherId))
    .leftJoin(verifier, eq(verifier.id, records.verifiedById))
    .leftJoin(certificate, eq(certificate.id, records.certificateFileId))
    .where(and(scope, eq(records.id, id)))
    .limit(1)
    .$dynamic();
}

/** A record's item query for each scope shape, built once per database. */
const recordItemQueries = preparedOnce(() => new Map<string, ReturnType<typeof prepareNamed>>());

/** One record with names, certificate and (for those allowed) its sensitive details. */
export async function findRecordItem(
  db: Database,
  scope: RecordScope,
  id: string,
): Promise<(RecordItemRow & { sensitiveDetails: unknown; verifiedById: string | null }) | undefined> {
  const scoped = scopeParameters(scope);
  let rows: Awaited<ReturnType<typeof recordItemQuery>>;
  if (scoped.shape) {
    const built = recordItemQueries(db);
    const query =
      built.get(scoped.shape) ?? prepareNamed(recordItemQuery(db, scoped.where, sql.placeholder('id')));
    built.set(scoped.shape, query);
    rows = (await query.execute({ ...scoped.values, id })) as typeof rows;
  } else rows = await runNamed(recordItemQuery(db, scoped.where, id));
  return rows[0];
}

/** What a change needs of a record: no names, no sensitive details. */
const stateColumns = {
  id: records.id,
  kind: records.kind,
  studentId: records.studentId,
  collegeId: records.collegeId,
  departmentId: records.departmentId,
  date: records.date,
  teacherId: records.teacherId,
  status: records.status,
  studentRemark: records.studentRemark,
  verifierRemark: records.verifierRemark,
  score: records.score,
  verifiedById: records.verifiedById,
  verifiedAt: records.verifiedAt,
  everVerified: records.everVerified,
  confirmedRole: records.confirmedRole,
  certificateFileId: records.certificateFileId,
  summary: records.summary,
  details: records.details,
  deletedAt: records.deletedAt,
};
export type RecordStateRow = {
  id: string;
  kind: string;
  studentId: string;
  collegeId: string;
  departmentId: string;
  date: string | null;
  teacherId: string | null;
  status: string;
  studentRemark: string | null;
  verifierRemark: string | null;
  score: unknown;
  verifiedById: string | null;
  verifiedAt: Date | null;
  everVerified: boolean;
  confirmedRole: string | null;
  certificateFileId: string | null;
  summary: string | null;
  details: unknown;
  deletedAt: Date | null;
};

/**
 * Live records among `ids` inside the scope, locked for the change, in id order (no deadlocks).
 * FOR NO KEY UPDATE: a verification, reset or delete never changes the key, and rows that
 * reference a record (its score history, a detail view's access-log row) take key-share locks.
 */
export async function lockRecords(
  db: Executor,
  scope: RecordScope,
  ids: string[],
): Promise<RecordStateRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(stateColumns)
    .from(records)
    .where(and(recordsWhere(scope), inArray(records.id, ids)))
    .orderBy(asc(records.id))
    .for('no key update');
}

export type NewRecord = typeof records.$inferInsert;

export async function insertRecord(db: Executor, values: NewRecord): Promise<RecordStateRow> {
  const [row] = await db.insert(records).values(values).returning(stateColumns);
  if (!row) throw new Error('insert records returned no row');
  return row;
}

/**
 * One set-based update for every id (a bulk verification updates 500 rows in one statement).
 * A change to what the row shows rewrites its search text in the same statement; call it on
 * locked rows.
 */
export async function updateRecords(
  db: Executor,
  ids: string[],
  values: Partial<
    Pick<
      NewRecord,
      | 'status'
      | 'verifierRemark'
      | 'score'
      | 'verifiedById'
      | 'verifiedAt'
      | 'everVerified'
      | 'confirmedRole'
      | 'amendedAt'
      | 'deletedAt'
    >
  >,
): Promise<void> {
  if (ids.length === 0) return;
  if (!changesShownColumns(values)) {
    await db
      .update(records)
      .set({ ...values, updatedAt: sql`now()` })
      .where(inArray(records.id, ids));
    return;
  }
  const texts = await searchTextsAfter(db, ids, values);
  await db
    .update(records)
    .set({ ...values, searchText: sql`v.search_text`, updatedAt: sql`now()` })
    .from(searchTextSource(texts))
    .where(eq(records.id, sql`v.id`));
}

export type NewNotificationRow = typeof notifications.$inferInsert;

/** Several in-app notifications in one statement (a bulk verification tells each student once). */
export async function insertNotifications(db: Executor, rows: NewNotificationRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await db.insert(notifications).values(rows.slice(i, i + 1000));
  }
}

/**
 * What a sign-off on the resident's device (issue 30) adds to its verification's audit rows
 * (`after.signedOn`). The history reads it back from there: no column of its own is needed.
 */
export const SIGNED_ON_RESIDENT_DEVICE = 'resident-device';

/**
 * Whether a history row's verification was signed on the resident's device: its audit row, by the
 * same verifier in the same transaction (both rows take the transaction's `now()`), says so.
 * One probe of `audit_log_entity_idx` per history row.
 */
const signedOnResidentDevice = sql<boolean>`exists (
  select 1 from audit_log a
  where a.entity = 'record' and a.entity_id = ${recordScores.recordId}::text
    and a.actor_id = ${recordScores.byId} and a.created_at = ${recordScores.createdAt}
    and a.after ->> 'signedOn' = ${SIGNED_ON_RESIDENT_DEVICE})`;

/** A record's history (every verification and reset), newest first, with who made each. */
export async function listScores(db: Executor, recordId: string) {
  return db
    .select({
      status: recordScores.status,
      score: recordScores.score,
      remark: recordScores.remark,
      confirmedRole: recordScores.confirmedRole,
      byName: users.name,
      at: recordScores.createdAt,
      onResidentDevice: signedOnResidentDevice,
    })
    .from(recordScores)
    .innerJoin(users, eq(users.id, recordScores.byId))
    .where(eq(recordScores.recordId, recordId))
    .orderBy(desc(recordScores.createdAt), desc(recordScores.id));
}

/**
 * A student's live records counted by kind, status and confirmed role (the student scope of
 * `recordsWhere`): the dashboard's cards, and the procedures per role the faculty confirmed.
 */
const countsOfStudent = preparedOnce((db) =>
  db
    .select({
      kind: records.kind,
      status: records.status,
      confirmedRole: records.confirmedRole,
      total: count(),
    })
    .from(records)
    .where(and(isNull(records.deletedAt), eq(records.studentId, sql.placeholder('studentId'))))
    .groupBy(records.kind, records.status, records.confirmedRole)
    .prepare('pgel_record_counts_by_role'),
);

export async function countByKindStatusAndRole(db: Database, studentId: string) {
  const rows = await countsOfStudent(db).execute({ studentId });
  return rows as Array<{ kind: string; status: RecordStatus; confirmedRole: string | null; total: number }>;
}

/** The faculty's Pending Verifications: one query for the page and one for the count. */
export function pendingListQueries(db: Executor) {
  return {
    rows: db
      .select({
        id: records.id,
        kind: records.kind,
        studentId: records.studentId,
        studentName: student.name,
        summary: records.summary,
        status: records.status,
        date: records.date,
        pendingSince: pendingSinceColumn,
      })
      .from(records)
      .innerJoin(student, eq(student.id, records.studentId))
      .$dynamic(),
    count: db.select({ total: count() }).from(records).$dynamic(),
  };
}

/**
 * The longest waiting first (issue 30): by when each entry began to wait, as the partial indexes
 * `records_pending_wait_idx` (a department) and `records_pending_wait_all_idx` (Master) hold them.
 */
export const pendingListColumns = {
  sortable: { waiting: pendingSinceColumn, date: records.date, createdAt: records.createdAt },
  tieBreaker: records.id,
};

/**
 * Pending records in scope, without the kinds the caller does not verify (`hiddenKinds`). The
 * status is written in the statement, not sent as a value, so the planner may read the partial
 * indexes of pending records (`status = 'pending'`) in a plan it keeps for a named statement.
 */
export function pendingWhere(scope: SQL, hiddenKinds: readonly string[] = []): SQL {
  return and(
    scope,
    sql`${records.status} = 'pending'`,
    hiddenKinds.length > 0 ? notInArray(records.kind, [...hiddenKinds]) : undefined,
  ) as SQL;
}

/** Each pending-list shape's residents statement, per database. */
const pendingResidentShapes = new WeakMap<Database, Map<string, ReturnType<typeof buildPendingResidents>>>();

function buildPendingResidents(db: Executor, where: SQL) {
  return prepareNamed(
    db
      .select({
        studentId: records.studentId,
        kind: records.kind,
        pending: count(),
        oldestPendingSince: sql<Date>`min(${pendingSinceColumn})`.mapWith(records.createdAt),
      })
      .from(records)
      .where(and(where, sql`${records.studentId} = any(${sql.placeholder('residentIds')}::uuid[])`))
      .groupBy(records.studentId, records.kind)
      .$dynamic(),
  );
}

/**
 * What waits of each of these residents (issue 30), by kind: how many and since when the oldest,
 * inside `where` (pendingWhere's scope). One statement for a page's residents (their ids as one
 * array, so its text is the same for any page). Built once per `shape` when given (its `where` then holds
 * placeholders only, their values in `values`).
 */
export async function pendingOfResidents(
  db: Database,
  where: SQL,
  values: Record<string, unknown>,
  residentIds: readonly string[],
  shape: string | undefined,
): Promise<Array<{ studentId: string; kind: string; pending: number; oldestPendingSince: Date }>> {
  if (residentIds.length === 0) return [];
  let prepared: ReturnType<typeof buildPendingResidents>;
  if (shape) {
    const built = pendingResidentShapes.get(db) ?? new Map();
    pendingResidentShapes.set(db, built);
    prepared = built.get(shape) ?? buildPendingResidents(db, where);
    built.set(shape, prepared);
  } else prepared = buildPendingResidents(db, where);
  const rows = await prepared.execute({ ...values, residentIds: [...residentIds] });
  return rows.map((row) => ({ ...row, pending: Number(row.pending) }));
}

// ---- The student's side of a new record ----------------------------------------------------

/** A user's name, e-mail, college and department (the student making a record, a teacher to mail). */
export async function findUsers(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      collegeId: users.collegeId,
      departmentId: users.departmentId,
    })
    .from(users)
    .where(inArray(users.id, ids));
}

export async function findDepartmentName(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: departments.name })
    .from(departments)
    .where(eq(departments.id, id))
    .limit(1);
  return row?.name;
}

/** Stored settings among `keys`, as key -> JSON value. */
export async function readSettings(db: Executor, keys: string[]): Promise<Map<string, unknown>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, keys));
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** A department's reference rows: its own for every college (college null) or for this college. */
export type DepartmentScope = { collegeId: string; departmentId: string };

export function inDepartment(scope: DepartmentScope, department: AnyPgColumn, college: AnyPgColumn) {
  return and(eq(department, scope.departmentId), or(isNull(college), eq(college, scope.collegeId)));
}

export async function listCompetencyOptions(db: Executor, scope: DepartmentScope, type?: 'diag' | 'proc') {
  return db
    .select({ id: competencies.id, title: competencies.title })
    .from(competencies)
    .where(
      and(
        visibleTitles({ kind: 'department', ...scope }, COMPETENCY_TITLES),
        type ? eq(competencies.type, type) : undefined,
      ),
    )
    .orderBy(asc(competencies.title), asc(competencies.id));
}

export async function listSkillOptions(db: Executor, scope: DepartmentScope, competencyId: string) {
  return db
    .select({ id: skills.id, title: skills.title })
    .from(skills)
    .innerJoin(competencies, eq(competencies.id, skills.competencyId))
    .where(
      and(
        eq(skills.competencyId, competencyId),
        inDepartment(scope, competencies.departmentId, competencies.collegeId),
      ),
    )
    .orderBy(asc(skills.title), asc(skills.id));
}

export async function listSpecialityOptions(db: Executor, scope: DepartmentScope) {
  return db
    .select({ id: specialities.id, title: specialities.title })
    .from(specialities)
    .where(visibleTitles({ kind: 'department', ...scope }, SPECIALITY_TITLES))
    .orderBy(asc(specialities.title), asc(specialities.id));
}

/** Competencies among `ids` in the department, with their type. */
export async function findCompetencies(db: Executor, scope: DepartmentScope, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: competencies.id, title: competencies.title, type: competencies.type })
    .from(competencies)
    .where(
      and(
        inArray(competencies.id, ids),
        inDepartment(scope, competencies.departmentId, competencies.collegeId),
      ),
    );
}

/** Skills among `ids` whose competency is in the department, with their competency. */
export async function findSkills(db: Executor, scope: DepartmentScope, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: skills.id, title: skills.title, competencyId: skills.competencyId })
    .from(skills)
    .innerJoin(competencies, eq(competencies.id, skills.competencyId))
    .where(
      and(inArray(skills.id, ids), inDepartment(scope, competencies.departmentId, competencies.collegeId)),
    );
}

export async function findSpecialities(db: Executor, scope: DepartmentScope, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: specialities.id, title: specialities.title })
    .from(specialities)
    .where(
      and(
        inArray(specialities.id, ids),
        inDepartment(scope, specialities.departmentId, specialities.collegeId),
      ),
    );
}

// ---- Set-based history and audit ------------------------------------------------------------

/**
 * `r.details` without the patient identifiers kept there (`plainPatientIdentifierFields`: a
 * procedure's patient, a clinical case's patient id): the audit log never holds one (issue 15).
 */
const AUDITED_DETAILS = (() => {
  const cases = RECORD_KINDS.flatMap((kind) => {
    const names = plainPatientIdentifierFields(kind);
    if (names.length === 0) return [];
    const keys = names.map((n) => `'${n.replace(/'/g, "''")}'`).join(', ');
    return [`when '${kind.id}' then r.details - array[${keys}]::text[]`];
  });
  return cases.length === 0 ? 'r.details' : `case r.kind ${cases.join(' ')} else r.details end`;
})();

/** A record's state as the audit log keeps it (camelCase, never `sensitive_details`), built in SQL. */
const RECORD_STATE_JSON = sql.raw(`jsonb_build_object(
  'id', r.id, 'kind', r.kind, 'studentId', r.student_id, 'collegeId', r.college_id,
  'departmentId', r.department_id, 'date', r.date, 'teacherId', r.teacher_id, 'status', r.status,
  'studentRemark', r.student_remark, 'verifierRemark', r.verifier_remark, 'score', r.score,
  'verifiedById', r.verified_by_id, 'verifiedAt', r.verified_at, 'everVerified', r.ever_verified,
  'confirmedRole', r.confirmed_role, 'amendedAt', r.amended_at, 'certificateFileId', r.certificate_file_id, 'summary', r.summary, 'details', ${AUDITED_DETAILS},
  'deletedAt', r.deleted_at)`);

function idList(ids: string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
}

/**
 * One audit row per record in a single statement, built from the rows themselves: `before` is
 * the record as it is now (null for a record just created), `after` the same with `changes`
 * applied. Call it before the update it describes.
 */
export async function auditRecords(
  db: Executor,
  ids: string[],
  entry: { actorId: string; action: string; ip: string; changes: Record<string, unknown>; created?: boolean },
): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    insert into audit_log (actor_id, action, entity, entity_id, college_id, before, after, ip)
    select ${entry.actorId}::uuid, ${entry.action}, 'record', r.id::text, r.college_id,
      ${entry.created ? sql`null` : RECORD_STATE_JSON},
      ${RECORD_STATE_JSON} || ${JSON.stringify(entry.changes)}::jsonb,
      ${entry.ip}
    from records r where r.id in (${idList(ids)})`);
}

/**
 * One score history row per record, the same scoring for all, in a single statement. A reset's
 * row has status 'pending' and the reason as its remark.
 */
export async function insertScoresFor(
  db: Executor,
  ids: string[],
  entry: {
    status: string;
    score: unknown;
    remark: string | null;
    confirmedRole?: string | null;
    byId: string;
  },
): Promise<void> {
  if (ids.length === 0) return;
  const score = entry.score === null ? null : JSON.stringify(entry.score);
  await db.execute(sql`
    insert into record_scores (record_id, status, score, remark, confirmed_role, by_id)
    select r.id, ${entry.status}, ${score}::jsonb, ${entry.remark}, ${entry.confirmedRole ?? null}, ${entry.byId}::uuid
    from records r where r.id in (${idList(ids)})`);
}

// ---- DRP postings (issue 12) -----------------------------------------------------------------

export type StudentPosting = {
  id: string;
  coordinatorId: string;
  scheduleFrom: string;
  scheduleTo: string;
  institution: string;
  state: string;
};

/** A student's DRP postings with their institution, latest first. */
export async function listStudentPostings(db: Executor, studentId: string): Promise<StudentPosting[]> {
  return db
    .select({
      id: drpPostings.id,
      coordinatorId: drpPostings.coordinatorId,
      scheduleFrom: drpPostings.scheduleFrom,
      scheduleTo: drpPostings.scheduleTo,
      institution: institutions.name,
      state: institutions.state,
    })
    .from(drpPostings)
    .innerJoin(institutions, eq(institutions.id, drpPostings.institutionId))
    .where(eq(drpPostings.studentId, studentId))
    .orderBy(desc(drpPostings.scheduleFrom), desc(drpPostings.createdAt));
}
