import type { StaffRole } from '@pgel/shared/roles';
import { STAFF_MESSAGES as M, STAFF_ACCOUNT_TEXT } from '@pgel/shared/schemas/staff-admin';
import { writeAudit } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail';
import { queueMessage } from '../../platform/notifier';
import { hashPassword, hashToken, newTemporaryPassword, newToken } from '../../platform/secrets';
import type { QueueingDeps } from '../../platform/service-deps';
import type { SessionActor } from '../../platform/session';
// Accounts (users, tokens, sessions) are the auth module's rows; staff only decides who and where.
import * as accounts from '../auth/auth.repository';
import { STAFF_VERIFY_DAYS, staffCredentialsMail } from './staff.mail';
import * as repo from './staff.repository';
import { tellConfirmers } from './staff-confirmation.service';
import { auditView, type Meta, type Placement } from './staff-rules';

/** A new staff account: what the form gave plus where it belongs. */
export type NewAccount = Placement & { name: string; email: string; phone: string; role: StaffRole };

const VERIFY_TOKEN_MS = STAFF_VERIFY_DAYS * 24 * 60 * 60 * 1000;

/** 409 before spending a password hash; the unique index decides in the end. */
export async function requireFreeEmail(deps: QueueingDeps, email: string, message: string) {
  if (await repo.findAnyUserByEmail(deps.db, email)) throw AppError.conflict(message);
}

/**
 * Creates a staff account with a temporary password, in one transaction: the user (added by
 * `adder`), its /verifyStaff token (7 days), for a teacher the link to the student, the
 * credentials e-mail, the messaging-app message (never the password) and the audit row.
 * Undefined when the address was taken meanwhile (users_email_idx). Used by Add Staff, Add HOD
 * and a student adding a teacher. The account chooses its own password at its first sign-in; one
 * a student proposed awaits the HOD's confirmation, and the department's HODs are told (issue 27).
 */
export async function createStaffAccount(
  deps: QueueingDeps,
  adder: SessionActor,
  account: NewAccount,
  meta: Meta,
  options: { action: string; linkStudentId?: string },
): Promise<repo.UserRow | undefined> {
  const { db } = deps;
  const names = await repo.placementNames(db, account.collegeId, account.departmentId);
  if (!names) throw AppError.validation(M.selectCollege);
  const temporaryPassword = newTemporaryPassword();
  // Outside the transaction: argon2 is slow, and on PGlite (one connection) a query on `db`
  // inside the transaction would wait for the transaction itself.
  const passwordHash = await hashPassword(temporaryPassword);
  const referralId = await accounts.allocateReferralId(db);
  const token = newToken();
  const proposedByStudent = adder.role === null;
  let created: repo.UserRow;
  try {
    created = await db.transaction(async (tx) => {
      const user = await accounts.insertUser(tx, {
        name: account.name,
        email: account.email,
        phone: account.phone,
        passwordHash,
        role: account.role,
        referralId,
        collegeId: account.collegeId,
        departmentId: account.departmentId,
        addedById: adder.id,
        confirmation: proposedByStudent ? 'awaiting' : 'confirmed',
        mustChangePassword: true,
      });
      await accounts.insertToken(tx, {
        tokenHash: hashToken(token),
        purpose: 'verify_email',
        userId: user.id,
        expiresAt: new Date(Date.now() + VERIFY_TOKEN_MS),
      });
      if (options.linkStudentId) {
        await repo.linkTeacher(tx, {
          staffId: user.id,
          studentId: options.linkStudentId,
          assignedById: adder.id,
        });
      }
      await enqueueMail(
        tx,
        staffCredentialsMail({
          to: user.email,
          name: user.name,
          addedBy: adder.name,
          role: account.role,
          collegeName: names.collegeName,
          departmentName: names.departmentName,
          temporaryPassword,
          appUrl: deps.appUrl,
          verifyToken: token,
          awaitingConfirmation: proposedByStudent,
        }),
      );
      if (proposedByStudent) {
        await tellConfirmers(tx, deps, {
          candidate: user,
          proposer: adder,
          kind: 'teacher',
          placement: { collegeId: account.collegeId, departmentId: account.departmentId },
        });
      }
      await queueMessage(tx, { toPhone: account.phone, text: STAFF_ACCOUNT_TEXT.message(adder.name) });
      await writeAudit(tx, {
        actorId: adder.id,
        action: options.action,
        entity: 'user',
        entityId: user.id,
        collegeId: user.collegeId,
        ip: meta.ip,
        after: options.linkStudentId
          ? { ...auditView(user), studentId: options.linkStudentId }
          : auditView(user),
      });
      return user;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_idx')) return undefined;
    throw err;
  }
  deps.onQueued();
  return created;
}
