import type { RecordKind, RecordStatus } from '@pgel/shared/records/types';
import { RECORD_STATUS_LABELS } from '@pgel/shared/records/types';
import type { MailMessage } from '../../platform/mail';

/** Where a notification about a record of this kind takes its reader: the kind's report screen. */
export function taskUrl(kind: Pick<RecordKind, 'id'>): string {
  return `/task/${kind.id}`;
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

export type SubmittedMail = {
  to: string;
  teacherName: string;
  studentName: string;
  kind: RecordKind;
  /** The activity date (YYYY-MM-DD), if the kind has one. */
  date: string | null;
  summary: string | null;
  appUrl: string;
};

/** The teacher's e-mail about a new entry to verify, with a link to the kind's report screen. */
export function submittedMail(input: SubmittedMail): MailMessage {
  const lines = [
    `Dear ${input.teacherName},`,
    '',
    `${input.studentName} has submitted a ${input.kind.menuTitle} entry and named you to verify it.`,
    '',
  ];
  if (input.summary) lines.push(`Entry: ${input.summary}`);
  if (input.date) lines.push(`Date: ${displayDate(input.date)}`);
  lines.push('', `Review and verify it here: ${input.appUrl}${taskUrl(input.kind)}`, '', 'PG e-Logbook');
  return { to: input.to, subject: `New ${input.kind.menuTitle} entry to verify`, text: lines.join('\n') };
}

/** DD-MM-YYYY, as the product shows dates (spec 02 section 9). */
function displayDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return y && m && d ? `${d}-${m}-${y}` : iso;
}
