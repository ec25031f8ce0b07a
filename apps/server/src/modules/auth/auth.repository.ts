import type { StaffRole } from '@pgel/shared/roles';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { withIndianCountryCode } from '@pgel/shared/schemas/staff-admin';
import { type StaffConfirmation, waitsForText } from '@pgel/shared/schemas/staff-confirmation';
import { and, count, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  collegeDepartments,
  colleges,
  courses,
  departments,
  drpPostings,
  oneTimeTokens,
  sessions,
  users,
} from '../../db/schema/index';
import { fileUrl } from '../../platform/files';
import { newReferralId } from '../../platform/secrets';

export type UserRow = typeof users.$inferSelect;
export type TokenPurpose = 'verify_email' | 'reset_password';

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/**
 * A live account (not deleted) holding this 10-digit phone number as sign-up stores it. Staff
 * phones are stored with their country code (+91 for these numbers), older ones perhaps with
 * spaces or dashes: they compare without them, with or without the +91.
 */
export async function findUserByPhone(db: Executor, tenDigits: string): Promise<{ id: string } | undefined> {
  const stored = sql`regexp_replace(${users.phone}, '[[:space:]-]', '', 'g')`;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isNull(users.deletedAt), inArray(stored, [tenDigits, withIndianCountryCode(tenDigits)])))
    .limit(1);
  return row;
}

/**
 * Holds sign-ups of one phone number one after another until the transaction ends, so two at
 * once cannot both find the number free (no unique index can: staff phones carry a country code).
 */
export async function lockPhoneForSignup(tx: Executor, tenDigits: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`signup-phone:${tenDigits}`}))`);
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByReferralId(db: Executor, referralId: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.referralId, referralId), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** A referral id no user has yet. Call it outside a transaction (PGlite has one connection). */
export async function allocateReferralId(db: Executor): Promise<string> {
  for (;;) {
    const candidate = newReferralId();
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.referralId, candidate))
      .limit(1);
    if (!taken) return candidate;
  }
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert users returned no row');
  return row;
}

export async function updateUser(db: Executor, id: string, values: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function insertToken(
  db: Executor,
  values: { tokenHash: string; purpose: TokenPurpose; userId: string; expiresAt: Date },
) {
  await db.insert(oneTimeTokens).values(values);
}

/** Loads a token by hash; by default locks it, so two uses of one link cannot both succeed. */
export async function findToken(
  db: Executor,
  tokenHash: string,
  purpose: TokenPurpose,
  options = { lock: true },
) {
  const query = db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, purpose)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function markTokenUsed(db: Executor, id: string) {
  await db.update(oneTimeTokens).set({ usedAt: new Date() }).where(eq(oneTimeTokens.id, id));
}

/** Unused tokens of one purpose die when a newer one is issued or the purpose is fulfilled. */
export async function expireOpenTokens(db: Executor, userId: string, purpose: TokenPurpose) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)),
    );
}

export async function countRecentTokens(db: Executor, userId: string, purpose: TokenPurpose, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        gt(oneTimeTokens.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Whether the user's password hash is still `hash`, holding a share lock on the user's row until
 * the transaction ends, so a password change or reset (an UPDATE of the row) waits for it.
 */
export async function passwordHashUnchanged(tx: Executor, userId: string, hash: string): Promise<boolean> {
  const [row] = await tx
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .for('share');
  return row?.hash === hash;
}

export async function deleteSession(db: Executor, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Signs a user out everywhere, or everywhere but the session given. */
export async function deleteSessionsOfUser(db: Executor, userId: string, exceptSessionId?: string) {
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    );
}

const unitHead = alias(users, 'unit_head');

/** The session user of spec 01 section 3, with college, department, course and unit head. */
export async function loadSessionUser(db: Executor, userId: string): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({
      user: users,
      college: {
        id: colleges.id,
        name: colleges.name,
        logo: colleges.logo,
        state: colleges.state,
        address: colleges.address,
      },
      department: { id: departments.id, name: departments.name },
      // Flat, not nested: Drizzle turns a left-joined object into null when its first column is null.
      linkUrl: collegeDepartments.guidelineUrl,
      linkRefNo: collegeDepartments.refNo,
      linkRefDate: collegeDepartments.refDate,
      course: { id: courses.id, title: courses.title },
      unitHead: { id: unitHead.id, name: unitHead.name },
    })
    .from(users)
    .leftJoin(colleges, eq(colleges.id, users.collegeId))
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .leftJoin(
      collegeDepartments,
      and(
        eq(collegeDepartments.collegeId, users.collegeId),
        eq(collegeDepartments.departmentId, users.departmentId),
      ),
    )
    .leftJoin(courses, eq(courses.id, users.courseId))
    .leftJoin(unitHead, eq(unitHead.id, users.unitHeadId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  const u = row.user;
  const hod = await hodOf(db, u.collegeId, u.departmentId);
  const confirmation = u.confirmation as StaffConfirmation;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    role: u.role as StaffRole | null,
    referralId: u.referralId,
    profilePic: u.profilePicFileId ? fileUrl(u.profilePicFileId) : null,
    certified: u.certified,
    verifyByHod: u.verifyByHod,
    paid: u.paid,
    confirmation,
    mustChangePassword: u.mustChangePassword,
    waitsFor: confirmation === 'awaiting' ? await waitsFor(db, u) : null,
    joiningDate: u.joiningDate,
    dob: u.dob,
    address: u.address,
    fatherName: u.fatherName,
    motherName: u.motherName,
    collegeRollNo: u.collegeRollNo,
    universityRollNo: u.universityRollNo,
    hod: hod[0] ?? null,
    unitHead: row.unitHead?.id ? { id: row.unitHead.id, name: row.unitHead.name } : null,
    course: row.course?.id ? row.course : null,
    college: row.college?.id ? row.college : null,
    department: row.department?.id
      ? {
          id: row.department.id,
          name: row.department.name,
          url: row.linkUrl,
          refNo: row.linkRefNo,
          refDate: row.linkRefDate,
        }
      : null,
  };
}

/** The first HOD of a college's department (the session user's `hod`). */
async function hodOf(db: Executor, collegeId: string | null, departmentId: string | null) {
  if (!collegeId || !departmentId) return [];
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.collegeId, collegeId),
        eq(users.departmentId, departmentId),
        eq(users.role, 'hod'),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(users.createdAt)
    .limit(1);
}

/**
 * Whom an account awaiting confirmation waits for (issue 27): a teacher the HOD of its own
 * department; a DRP coordinator the HOD of its latest posted resident's department.
 */
async function waitsFor(db: Executor, user: UserRow): Promise<string> {
  if (user.role !== 'drp_coordinator') {
    const [hod] = await hodOf(db, user.collegeId, user.departmentId);
    return waitsForText('teacher', hod?.name ?? null);
  }
  const [posting] = await db
    .select({ collegeId: drpPostings.collegeId, departmentId: drpPostings.departmentId })
    .from(drpPostings)
    .where(eq(drpPostings.coordinatorId, user.id))
    .orderBy(sql`${drpPostings.createdAt} desc`)
    .limit(1);
  const [hod] = posting ? await hodOf(db, posting.collegeId, posting.departmentId) : [];
  return waitsForText('coordinator', hod?.name ?? null);
}
