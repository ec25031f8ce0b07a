import { and, desc, eq, isNull, like, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bonafideCertificates, logbookDocuments, users } from '../../db/schema/index';
import { type StudentScope, studentsWhere } from '../students/students.repository';

export type CertifiableStudent = {
  id: string;
  name: string;
  email: string;
  collegeId: string | null;
  departmentId: string | null;
  certified: boolean;
};

const certifiableColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  collegeId: users.collegeId,
  departmentId: users.departmentId,
  certified: users.certified,
};

/** One live student inside the caller's scope, locked for the change; undefined otherwise. */
export async function lockCertifiableStudent(
  db: Executor,
  scope: StudentScope,
  id: string,
): Promise<CertifiableStudent | undefined> {
  const [row] = await db
    .select(certifiableColumns)
    .from(users)
    .where(and(studentsWhere(scope), eq(users.id, id)))
    // NO KEY UPDATE: the certificate flag is not a key, and the lock must not wait for the KEY
    // SHARE locks of rows that reference the student (issue 27).
    .for('no key update')
    .limit(1);
  return row;
}

/** Sets the flag the session user reads at its next load (/auth/me loads it from the row). */
export async function setCertified(db: Executor, id: string, certified: boolean): Promise<void> {
  await db.update(users).set({ certified, updatedAt: new Date() }).where(eq(users.id, id));
}

export type CertificateRow = typeof bonafideCertificates.$inferSelect;

/**
 * The next reference of a financial year's series ('BON/2026-27/000042'). A transaction-scoped
 * advisory lock on the year's series makes concurrent certifications wait for each other, so
 * two never take the same number; the unique index on reference is the backstop.
 */
export async function nextSequence(db: Executor, prefix: string): Promise<number> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`bonafide-series:${prefix}`}))`);
  const [row] = await db
    .select({ reference: bonafideCertificates.reference })
    .from(bonafideCertificates)
    .where(like(bonafideCertificates.reference, `${prefix}/%`))
    .orderBy(desc(bonafideCertificates.reference))
    .limit(1);
  const last = row ? Number(row.reference.slice(prefix.length + 1)) : 0;
  return (Number.isFinite(last) ? last : 0) + 1;
}

/** Whether a check code is taken, by a certificate or a logbook document (one /check/ space). */
export async function codeTaken(db: Executor, code: string): Promise<boolean> {
  const [certificate] = await db
    .select({ id: bonafideCertificates.id })
    .from(bonafideCertificates)
    .where(eq(bonafideCertificates.code, code))
    .limit(1);
  if (certificate) return true;
  const [document] = await db
    .select({ id: logbookDocuments.id })
    .from(logbookDocuments)
    .where(eq(logbookDocuments.code, code))
    .limit(1);
  return document !== undefined;
}

export async function insertCertificate(
  db: Executor,
  values: typeof bonafideCertificates.$inferInsert,
): Promise<CertificateRow> {
  const [row] = await db.insert(bonafideCertificates).values(values).returning();
  if (!row) throw new Error('insert into bonafide_certificates returned no row');
  return row;
}

/** Withdraws the student's live certificates; answers the references withdrawn. */
export async function revokeCertificates(db: Executor, studentId: string, at: Date): Promise<string[]> {
  const rows = await db
    .update(bonafideCertificates)
    .set({ revokedAt: at })
    .where(and(eq(bonafideCertificates.studentId, studentId), isNull(bonafideCertificates.revokedAt)))
    .returning({ reference: bonafideCertificates.reference });
  return rows.map((row) => row.reference);
}

/** The student's newest certificate that is not withdrawn. */
export async function findLiveCertificate(
  db: Executor,
  studentId: string,
): Promise<CertificateRow | undefined> {
  const [row] = await db
    .select()
    .from(bonafideCertificates)
    .where(and(eq(bonafideCertificates.studentId, studentId), isNull(bonafideCertificates.revokedAt)))
    .orderBy(desc(bonafideCertificates.issuedAt))
    .limit(1);
  return row;
}

export async function findCertificateByCode(db: Executor, code: string): Promise<CertificateRow | undefined> {
  const [row] = await db
    .select()
    .from(bonafideCertificates)
    .where(eq(bonafideCertificates.code, code))
    .limit(1);
  return row;
}
