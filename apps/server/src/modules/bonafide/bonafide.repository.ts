import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/index';
import { type StudentScope, studentsWhere } from '../students/students.repository';

export type CertifiableStudent = {
  id: string;
  name: string;
  collegeId: string | null;
  departmentId: string | null;
  certified: boolean;
};

/** One live student inside the caller's scope, locked for the change; undefined otherwise. */
export async function lockCertifiableStudent(
  db: Executor,
  scope: StudentScope,
  id: string,
): Promise<CertifiableStudent | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      collegeId: users.collegeId,
      departmentId: users.departmentId,
      certified: users.certified,
    })
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
