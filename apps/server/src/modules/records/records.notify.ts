import { findKind } from '@pgel/shared/records/kinds';
import { daysWaiting, isOverdue, OVERDUE_LABEL, VERIFICATION_WAIT } from '@pgel/shared/records/overdue';
import { kindPagePath, recordPagePath, recordVerificationPath } from '@pgel/shared/records/paths';
import type { RecordKind, RecordStatus } from '@pgel/shared/records/types';
import { RECORD_STATUS_LABELS } from '@pgel/shared/records/types';
import { academicReportPath } from '@pgel/shared/reports/activity';
import { awaitingApprovalPath } from '@pgel/shared/schemas/notifications';
import type { MailMessage } from '../../platform/mail';

/** A kind's report screen: where a notice about several entries of the kind takes its reader. */
export function taskUrl(kind: Pick<RecordKind, 'id'>): string {
  return kindPagePath(kind.id);
}

/**
 * Where a notice about one entry takes its reader (issue 28): the entry open on its kind's page;
 * a thesis or synopsis review upload, the student's thesis page (staff pick a student there, so
 * the link names them; the student's own page ignores it).
 */
export function entryUrl(
  kind: Pick<RecordKind, 'id' | 'thesisStage'>,
  entry: { id: string; studentId: string },
): string {
  if (kind.thesisStage) return academicReportPath(kind.thesisStage, entry.id, entry.studentId);
  return recordPagePath(kind.id, entry.id);
}

/** The teacher's in-app notification when a student submits an entry naming them. */
export function submittedText(studentName: string, kind: RecordKind): string {
  return `${studentName} submitted a ${kind.menuTitle} entry for your verification`;
}

/** The student's in-app notification when faculty verify one entry. */
export function verifiedText(verifierName: string, kind: RecordKind, status: RecordStatus): string {
  return `${verifierName} marked your ${kind.menuTitle} entry ${RECORD_STATUS_LABELS[status]}`;
}

/** The student's in-app notification when faculty verify several entries of one kind at once. */
export function bulkVerifiedText(
  verifierName: string,
  kind: RecordKind,
  status: RecordStatus,
  count: number,
): string {
  if (count === 1) return verifiedText(verifierName, kind, status);
  return `${verifierName} marked ${count} of your ${kind.menuTitle} entries ${RECORD_STATUS_LABELS[status]}`;
}

/** The student's in-app notification when faculty reset a verified entry for a new review (issue 27). */
export function resetText(verifierName: string, kind: RecordKind): string {
  return `${verifierName} reset your ${kind.menuTitle} entry to Pending for a new review. Open it to read the reason.`;
}

/** The in-app notification of each faculty member when an entry naming no teacher is submitted. */
export function submittedToDepartmentText(studentName: string, kind: RecordKind): string {
  return `${studentName} submitted a ${kind.menuTitle} entry for verification by the department`;
}

// Mail says who and what kind, the date and where to look; never what the entry holds (a
// summary, a remark, a diagnosis or a patient's name or IPD number): mail leaves our hands.

/** The kind's label of a stored record; a kind no longer in the registry shows its id. */
export function kindLabel(kindId: string): string {
  return findKind(kindId)?.menuTitle ?? kindId;
}

export type SubmittedMail = {
  to: string;
  verifierName: string;
  studentName: string;
  kind: RecordKind;
  recordId: string;
  /** The activity date (YYYY-MM-DD), if the kind has one. */
  date: string | null;
  /** True when no teacher is named and the mail goes to each faculty member of the department. */
  toDepartment: boolean;
  appUrl: string;
};

/** A faculty member's e-mail about one new entry to verify (those who chose one mail per entry). */
export function submittedMail(input: SubmittedMail): MailMessage {
  const who = input.toDepartment
    ? 'for verification by your department (no teacher is named)'
    : 'and named you to verify it';
  const lines = [
    `Dear ${input.verifierName},`,
    '',
    `${input.studentName} has submitted a ${input.kind.menuTitle} entry ${who}.`,
    '',
  ];
  if (input.date) lines.push(`Date: ${displayDate(input.date)}`, '');
  lines.push(
    // Opens the entry's verification at once, after sign-in when needed (issue 30).
    `Review and verify it here: ${input.appUrl}${recordVerificationPath(input.kind.id, input.recordId)}`,
    '',
    `You receive one e-mail per entry. To get one e-mail a day instead, choose Daily digest on your profile: ${input.appUrl}/profile`,
    '',
    'PG e-Logbook',
  );
  return { to: input.to, subject: `New ${input.kind.menuTitle} entry to verify`, text: lines.join('\n') };
}

/** One entry as a mail lists it: kind, date and its page. */
export type MailedEntry = { id: string; kind: string; date: string | null };

/**
 * One entry as a mail lists it: `- Teaching Experience, 20-11-2026: link`. `toVerify`: the link
 * opens its verification at once (a faculty member's digest); else the entry (the resident's own
 * mail). With the digest's clock `now`, an entry waiting more than 7 days reads
 * `- Overdue (waiting 9 days): Teaching Experience, …` (issue 30).
 */
function entryLine(
  entry: MailedEntry & { pendingSince?: Date },
  appUrl: string,
  options: { toVerify?: boolean; now?: Date } = {},
): string {
  const { toVerify = false, now } = options;
  const date = entry.date ? `, ${displayDate(entry.date)}` : '';
  const mark =
    now && entry.pendingSince && isOverdue(entry.pendingSince, now)
      ? `${OVERDUE_LABEL} (waiting ${daysWaiting(entry.pendingSince, now)} days): `
      : '';
  const path = toVerify ? recordVerificationPath(entry.kind, entry.id) : recordPagePath(entry.kind, entry.id);
  return `- ${mark}${kindLabel(entry.kind)}${date}: ${appUrl}${path}`;
}

export type VerdictMail = {
  to: string;
  studentName: string;
  verifierName: string;
  status: RecordStatus;
  entries: MailedEntry[];
  appUrl: string;
};

/**
 * The student's e-mail when faculty approve or reject their entries: one mail per student and
 * verification, listing every entry it changed (a bulk verification of 30 entries is one mail).
 */
export function verdictMail(input: VerdictMail): MailMessage {
  const label = RECORD_STATUS_LABELS[input.status].toLowerCase();
  const [only] = input.entries;
  const subject =
    input.entries.length === 1 && only
      ? `Your ${kindLabel(only.kind)} entry was ${label}`
      : `${input.entries.length} of your entries were ${label}`;
  const lines = [
    `Dear ${input.studentName},`,
    '',
    input.entries.length === 1
      ? `${input.verifierName} has ${label} your entry:`
      : `${input.verifierName} has ${label} ${input.entries.length} of your entries:`,
    '',
    ...input.entries.map((entry) => entryLine(entry, input.appUrl)),
    '',
    'Open an entry to read the score and feedback.',
    '',
    'PG e-Logbook',
  ];
  return { to: input.to, subject, text: lines.join('\n') };
}

export type ResetMail = {
  to: string;
  studentName: string;
  verifierName: string;
  entry: MailedEntry;
  appUrl: string;
};

/**
 * The student's e-mail when faculty reset a verified entry (issue 27). The reason stays in the
 * app (it may describe the patient); the mail says who, which entry, and where to read it.
 */
export function resetMail(input: ResetMail): MailMessage {
  const lines = [
    `Dear ${input.studentName},`,
    '',
    `${input.verifierName} has reset your entry to Pending for a new review:`,
    '',
    entryLine(input.entry, input.appUrl),
    '',
    "Open the entry to read the reason. The earlier verification stays in the entry's history.",
    '',
    'PG e-Logbook',
  ];
  return {
    to: input.to,
    subject: `Your ${kindLabel(input.entry.kind)} entry was reset for review`,
    text: lines.join('\n'),
  };
}

export type DigestMail = {
  to: string;
  verifierName: string;
  /** The entries listed, by student (as the query orders them), with when each began to wait. */
  entries: Array<MailedEntry & { studentId: string; studentName: string; pendingSince?: Date }>;
  /** How many are pending in all; more than listed when the list was cut short. */
  total: number;
  /** Residents who signed up and await approval (issue 28): names listed, and how many in all. */
  signups?: { names: string[]; total: number };
  /** Whether the reader chose the digest for entries (else it is sent for sign-ups alone). */
  entriesByDigest?: boolean;
  appUrl: string;
  /** The digest's clock: entries waiting more than 7 days at it are marked Overdue (issue 30). */
  now?: Date;
};

function entriesSubject(total: number): string {
  return total === 1
    ? '1 entry waiting for your verification'
    : `${total} entries waiting for your verification`;
}

function signupsSubject(total: number): string {
  return total === 1 ? '1 resident awaiting your approval' : `${total} residents awaiting your approval`;
}

/**
 * A faculty member's daily e-mail: the entries waiting for them, by student, each with a link;
 * and the residents of their department who signed up and await approval (issue 28).
 */
export function digestMail(input: DigestMail): MailMessage {
  const signups = input.signups ?? { names: [], total: 0 };
  const lines = [`Dear ${input.verifierName},`];
  if (input.total > 0) {
    const now = input.now ?? new Date();
    const overdue = input.entries.filter((entry) => isOverdue(entry.pendingSince, now)).length;
    lines.push(
      '',
      input.total === 1
        ? 'One entry is waiting for your verification:'
        : `${input.total} entries are waiting for your verification:`,
    );
    if (overdue > 0) {
      lines.push(
        '',
        `${overdue === 1 ? 'One is' : `${overdue} are`} ${OVERDUE_LABEL} (waiting more than ${VERIFICATION_WAIT.overdueAfterDays} days); entries waiting more than ${VERIFICATION_WAIT.escalateAfterDays} days are named to your HOD each week.`,
      );
    }
    let studentId: string | null = null;
    for (const entry of input.entries) {
      if (entry.studentId !== studentId) {
        studentId = entry.studentId;
        const count = input.entries.filter((e) => e.studentId === studentId).length;
        lines.push('', `${entry.studentName} (${count})`);
      }
      lines.push(entryLine(entry, input.appUrl, { toVerify: true, now }));
    }
    const more = input.total - input.entries.length;
    if (more > 0) lines.push('', `And ${more} more: ${input.appUrl}/dashboard`);
  }
  if (signups.total > 0) {
    lines.push(
      '',
      signups.total === 1
        ? 'One resident of your department signed up and is awaiting approval:'
        : `${signups.total} residents of your department signed up and are awaiting approval:`,
      '',
      ...signups.names.map((name) => `- ${name}`),
    );
    const more = signups.total - signups.names.length;
    if (more > 0) lines.push(`And ${more} more.`);
    lines.push('', `Review and approve them here: ${input.appUrl}${awaitingApprovalPath()}`);
  }
  lines.push(
    '',
    input.entriesByDigest === false
      ? 'You receive this once a day when more than one resident signed up the day before (the first is mailed at once).'
      : `You receive this once a day. To get one e-mail per entry instead, choose it on your profile: ${input.appUrl}/profile`,
    '',
    'PG e-Logbook',
  );
  const subject =
    input.total > 0 && signups.total > 0
      ? `${entriesSubject(input.total)}; ${signupsSubject(signups.total)}`
      : input.total > 0
        ? entriesSubject(input.total)
        : signupsSubject(signups.total);
  return { to: input.to, subject, text: lines.join('\n') };
}

/** DD-MM-YYYY, as the product shows dates (spec 02 section 9). */
function displayDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return y && m && d ? `${d}-${m}-${y}` : iso;
}
