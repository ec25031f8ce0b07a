import { ROLE_LABELS, type StaffRole } from '@pgel/shared/roles';
import { STAFF_ACCOUNT_TEXT } from '@pgel/shared/schemas/staff-admin';
import type { MailMessage } from '../../platform/mail';

/** How long the /verifyStaff link of a new staff account stays valid. */
export const STAFF_VERIFY_DAYS = 7;

export type CredentialsMail = {
  to: string;
  name: string;
  /** Who created the account: an HOD, Master, or the student who named their teacher. */
  addedBy: string;
  role: StaffRole;
  collegeName: string;
  departmentName: string;
  temporaryPassword: string;
  appUrl: string;
  verifyToken: string;
  /** Proposed by a student: usable once the head of department confirms it (issue 27). */
  awaitingConfirmation?: boolean;
};

/**
 * The credentials e-mail of a new staff account: who added them, as what and where, the address
 * and temporary password to sign in with, the verification link, and where to change the password.
 * The password appears only here, never in the messaging-app text or the audit log.
 */
export function staffCredentialsMail(input: CredentialsMail): MailMessage {
  return {
    to: input.to,
    // A new colleague waits for it to sign in: sent ahead of notification mail (platform/mail.ts).
    transactional: true,
    subject: STAFF_ACCOUNT_TEXT.subject,
    text: [
      `Dear ${input.name},`,
      '',
      `${input.addedBy} has created a PG e-Logbook faculty account for you.`,
      '',
      `Role: ${ROLE_LABELS[input.role]}`,
      `College: ${input.collegeName}`,
      `Department: ${input.departmentName}`,
      '',
      `Email: ${input.to}`,
      `Temporary password: ${input.temporaryPassword}`,
      '',
      'First verify your account by opening this link:',
      '',
      `${input.appUrl}/verifyStaff/${input.verifyToken}`,
      '',
      `The link is valid for ${STAFF_VERIFY_DAYS} days. Then sign in at ${input.appUrl}/staffLogin with`,
      'the email and temporary password above; you will be asked to choose your own password first.',
      '',
      ...(input.awaitingConfirmation
        ? [
            'A resident proposed you as their teacher. Your account can be used to verify entries once',
            'the head of department confirms it; you will be told by e-mail.',
            '',
          ]
        : []),
      'If you do not know why you received this, you can ignore this message.',
      '',
      'PG e-Logbook',
    ].join('\n'),
  };
}
