import { and, asc, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { colleges, departments, drpPostings, institutions, users } from '../../db/schema/index';

/**
 * Whose awaiting accounts a caller reads: every one (Master), or those of one college and
 * department: its proposed teachers (an HOD) and the coordinators of its residents' postings.
 */
export type ConfirmationScope =
  | { kind: 'all' }
  | { kind: 'department'; collegeId: string; departmentId: string; teachers: boolean };

const proposer = alias(users, 'proposer');
const resident = alias(users, 'resident');

const awaiting = and(eq(users.confirmation, 'awaiting'), isNull(users.deletedAt)) as SQL;

/** What a To confirm row shows of the account and of the student who proposed it. */
const candidateColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  role: users.role,
  createdAt: users.createdAt,
  proposerId: proposer.id,
  proposerName: proposer.name,
};

/** Teachers awaiting confirmation inside the scope, oldest proposal first, with who proposed them. */
export async function listAwaitingTeachers(db: Executor, scope: ConfirmationScope) {
  if (scope.kind === 'department' && !scope.teachers) return [];
  const inScope =
    scope.kind === 'all'
      ? undefined
      : and(eq(users.collegeId, scope.collegeId), eq(users.departmentId, scope.departmentId));
  return db
    .select({ ...candidateColumns, departmentName: departments.name, collegeName: colleges.name })
    .from(users)
    .leftJoin(proposer, eq(proposer.id, users.addedById))
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .leftJoin(colleges, eq(colleges.id, users.collegeId))
    .where(and(awaiting, ne(users.role, 'drp_coordinator'), inScope))
    .orderBy(asc(users.createdAt), asc(users.id));
}

/**
 * Coordinators awaiting confirmation with each posting inside the scope (one row per posting):
 * the resident's name and placement, the institution, and who named the coordinator.
 */
export async function listAwaitingCoordinatorPostings(db: Executor, scope: ConfirmationScope) {
  const inScope =
    scope.kind === 'all'
      ? undefined
      : and(eq(drpPostings.collegeId, scope.collegeId), eq(drpPostings.departmentId, scope.departmentId));
  return db
    .select({ ...candidateColumns, residentName: resident.name, institutionName: institutions.name })
    .from(users)
    .innerJoin(drpPostings, eq(drpPostings.coordinatorId, users.id))
    .innerJoin(resident, eq(resident.id, drpPostings.studentId))
    .innerJoin(institutions, eq(institutions.id, drpPostings.institutionId))
    .leftJoin(proposer, eq(proposer.id, users.addedById))
    .where(and(awaiting, eq(users.role, 'drp_coordinator'), inScope))
    .orderBy(asc(users.createdAt), asc(users.id), desc(drpPostings.createdAt));
}

/**
 * One live staff account, locked for the decision. `for no key update`: rows that reference the
 * user (notifications, audit) take key-share locks on it, which this lock does not wait for.
 */
export async function lockCandidate(tx: Executor, id: string) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt), sql`${users.role} is not null`))
    .for('no key update')
    .limit(1);
  return row;
}

/** The college and department of each resident posted to a coordinator. */
export async function residentPlacementsOf(db: Executor, coordinatorId: string) {
  return db
    .selectDistinct({ collegeId: drpPostings.collegeId, departmentId: drpPostings.departmentId })
    .from(drpPostings)
    .where(eq(drpPostings.coordinatorId, coordinatorId));
}

export async function setConfirmation(
  tx: Executor,
  id: string,
  values: { confirmation: 'confirmed' | 'declined'; confirmedById: string; confirmedAt: Date },
) {
  await tx
    .update(users)
    .set({ ...values, updatedAt: values.confirmedAt })
    .where(eq(users.id, id));
}

/** Who confirms accounts for a department: its live, confirmed HODs (name and address for the mail). */
export async function confirmersOf(
  db: Executor,
  placements: Array<{ collegeId: string; departmentId: string }>,
) {
  if (placements.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email, collegeId: users.collegeId })
    .from(users)
    .where(
      and(
        eq(users.role, 'hod'),
        eq(users.confirmation, 'confirmed'),
        eq(users.blocked, false),
        isNull(users.deletedAt),
        or(
          ...placements.map(
            (p) => and(eq(users.collegeId, p.collegeId), eq(users.departmentId, p.departmentId)) as SQL,
          ),
        ),
      ),
    )
    .orderBy(asc(users.createdAt));
}

/** Names of users by id (the proposer of a decision's notice). */
export async function namesOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(inArray(users.id, ids));
}
