import { z } from 'zod';
import { STAFF_ROLES } from '../roles';

/**
 * Verifiers confirmed by someone other than the student (issue 27, docs/decisions/016). A teacher a
 * student proposed on My Teachers, or a DRP coordinator a student named on a posting, starts
 * `awaiting`: it may sign in, choose its password, keep its profile and read its notifications,
 * and nothing else until the HOD (coordinators: also the department's faculty) or Master confirms
 * it. `declined` accounts cannot sign in. Staff that an HOD, Master or faculty created are
 * `confirmed` at creation.
 */
export const STAFF_CONFIRMATIONS = ['confirmed', 'awaiting', 'declined'] as const;
export type StaffConfirmation = (typeof STAFF_CONFIRMATIONS)[number];

/** Who may be confirmed from a To confirm list: a proposed teacher or a named DRP coordinator. */
export const CONFIRMATION_KINDS = ['teacher', 'coordinator'] as const;
export type ConfirmationKind = (typeof CONFIRMATION_KINDS)[number];

export const CONFIRMATION_DECISIONS = ['confirm', 'decline'] as const;
export type ConfirmationDecision = (typeof CONFIRMATION_DECISIONS)[number];

export const CONFIRMATION_MESSAGES = {
  /** The 403 of every route an account awaiting confirmation may not use yet. */
  awaiting:
    'Your account is awaiting confirmation by your head of department. You can do this once it is confirmed.',
  /** The 403 of every route while the password is still the one someone else chose. */
  mustChangePassword: 'Please choose a new password before you continue.',
  declinedLogin:
    'This account was declined by the department. Please contact the head of department if this is a mistake.',
  confirmed: 'Account confirmed successfully',
  declined: 'Account declined',
  notAwaiting: 'This account is not awaiting confirmation',
  notFound: 'Staff member not found',
  chooseDecision: 'Please choose to confirm or decline',
  /** The To confirm list. */
  listTitle: 'To confirm',
  listEmpty: 'No one is waiting for confirmation',
  confirmTitle: 'Confirm this account?',
  confirmText: (name: string) =>
    `${name} will be able to verify and score entries and see the department's residents and their patients' details.`,
  declineTitle: 'Decline this account?',
  declineText: (name: string) => `${name} will not be able to sign in. The person who proposed them is told.`,
  /** The page an account awaiting confirmation sees. */
  pageTitle: 'Awaiting confirmation',
  pageMustChangeTitle: 'Choose your own password',
  pageMustChangeText:
    'Your account was given a temporary password by e-mail. Choose your own password before you continue.',
} as const;

/** Whom an awaiting account waits for, in words (the awaiting page). */
export function waitsForText(kind: ConfirmationKind, hodName: string | null): string {
  const hod = hodName ? `${hodName}, the head of department,` : 'the head of department';
  if (kind === 'teacher') {
    return `Your account was proposed by a resident. It waits for ${hod} or the Master administrator to confirm it. Until then you cannot see residents, verify or score entries.`;
  }
  return `Your account was named by a resident for their District Residency Programme posting. It waits for ${hod} or a faculty member of the resident's department to confirm it. Until then you cannot see residents or mark attendance.`;
}

/** In-app notices and mail of a decision (to the proposer and to the account). */
export const CONFIRMATION_TEXT = {
  proposerConfirmed: (by: string, name: string) => `${by} confirmed ${name} as your verifier.`,
  proposerDeclined: (by: string, name: string) => `${by} declined ${name} as your verifier.`,
  accountConfirmed: (by: string) => `${by} confirmed your account. You can now verify entries.`,
  accountDeclined: (by: string) => `${by} declined your account.`,
  /** To the confirmers when a student proposes someone. */
  proposed: (student: string, name: string, kind: ConfirmationKind) =>
    kind === 'teacher'
      ? `${student} proposed ${name} as a teacher. Confirm or decline on All Staff.`
      : `${student} named ${name} as their DRP coordinator. Confirm or decline the account.`,
  subjectConfirmed: 'Your PG e-Logbook account is confirmed',
  subjectDeclined: 'Your PG e-Logbook account was declined',
  subjectProposerConfirmed: 'Your verifier is confirmed',
  subjectProposerDeclined: 'Your verifier was declined',
} as const;

/** `POST /staff/{id}/confirmation`. */
export const StaffConfirmationSchema = z.object({
  decision: z.enum(CONFIRMATION_DECISIONS, { error: CONFIRMATION_MESSAGES.chooseDecision }),
});
export type StaffConfirmationInput = z.infer<typeof StaffConfirmationSchema>;

/** A row of the To confirm list. */
export const ToConfirmItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  kind: z.enum(CONFIRMATION_KINDS),
  /** The student who proposed the teacher or named the coordinator. */
  proposedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  proposedAt: z.string(),
  /** Teachers: their department; coordinators: the institution of the posting. */
  where: z.string().nullable(),
  /** Coordinators: the residents posted to them whom the caller may see. */
  residents: z.array(z.string()),
});
export type ToConfirmItem = z.infer<typeof ToConfirmItemSchema>;
export const ToConfirmListSchema = z.object({ items: z.array(ToConfirmItemSchema) });
