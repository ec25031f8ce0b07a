import { awaitingApprovalPath, NOTIFICATION_TEXT } from '@pgel/shared/schemas/notifications';
import type { Executor } from '../../db/client';
import { indiaDay } from '../../platform/india-time';
import { enqueueMail, type MailMessage } from '../../platform/mail';
import * as repo from './awaiting-approval.repository';

/**
 * A resident who has signed up and verified their address waits on "Awaiting approval" (issue
 * 28). The HOD and faculty of their college and department (confirmed, not blocked, not deleted)
 * are told: each gets an in-app notice that opens the student list on this resident, and mail
 * without a flood: the day's first sign-up (India time) is mailed at once, later ones of that
 * day go into the next morning's daily digest (records/verification-digest.ts). Approving or
 * deleting the resident marks the notices read (`markSubjectsRead`).
 */
export async function tellApproversOfSignup(
  tx: Executor,
  input: {
    student: {
      id: string;
      name: string;
      email: string;
      collegeId: string | null;
      departmentId: string | null;
    };
    appUrl: string;
    now: Date;
  },
): Promise<boolean> {
  const { student } = input;
  if (!student.collegeId || !student.departmentId) return false;
  const approvers = await repo.lockApprovers(tx, student.collegeId, student.departmentId);
  if (approvers.length === 0) return false;
  const { dayStart } = indiaDay(input.now);
  // Read under the locks: a sign-up verified at the same moment elsewhere is seen once committed.
  const toldToday = await repo.toldOfSignupSince(
    tx,
    approvers.map((a) => a.id),
    dayStart,
  );
  const url = awaitingApprovalPath(student.email);
  await repo.insertSignupNotices(
    tx,
    approvers.map((approver) => ({
      toId: approver.id,
      fromId: student.id,
      description: NOTIFICATION_TEXT.awaitingApproval(student.name),
      url,
      subjectId: student.id,
      collegeId: approver.collegeId,
    })),
  );
  let queued = false;
  for (const approver of approvers) {
    if (toldToday.has(approver.id)) continue;
    await enqueueMail(tx, awaitingApprovalMail({ to: approver, student, appUrl: input.appUrl }));
    queued = true;
  }
  return queued;
}

/** Names a digest lists at most; the rest are counted. */
const MAX_LISTED = 100;

/**
 * The residents a member of staff's daily digest names (issue 28): sign-up notices of theirs in
 * [from, until), less each day's first (mailed at once), those they have read, and residents
 * approved or deleted since. Oldest first.
 */
export async function listSignupsToDigest(
  tx: Executor,
  staffId: string,
  window: { from: Date | null; until: Date },
): Promise<{ names: string[]; total: number }> {
  const notices = await repo.listSignupNoticesOf(tx, staffId, window);
  const days = new Set<number>();
  const waiting = new Map<string, string>();
  for (const notice of notices) {
    const day = indiaDay(notice.createdAt).dayStart.getTime();
    const isFirstOfDay = !days.has(day);
    days.add(day);
    if (isFirstOfDay || notice.readAt || notice.approved || notice.deletedAt) continue;
    waiting.set(notice.studentId, notice.studentName);
  }
  const names = [...waiting.values()];
  return { names: names.slice(0, MAX_LISTED), total: names.length };
}

/** A staff member's mail of the day's first sign-up: who, and where to approve them. */
export function awaitingApprovalMail(input: {
  to: { name: string; email: string };
  student: { name: string; email: string };
  appUrl: string;
}): MailMessage {
  return {
    to: input.to.email,
    subject: `${input.student.name} is awaiting your approval`,
    text: [
      `Dear ${input.to.name},`,
      '',
      `${input.student.name} has signed up to PG e-Logbook in your department and verified their e-mail address. They can keep their logbook once the department approves them.`,
      '',
      `Review and approve them here: ${input.appUrl}${awaitingApprovalPath(input.student.email)}`,
      '',
      'Further sign-ups today reach you in one e-mail tomorrow morning; each is also in your notifications.',
      '',
      'PG e-Logbook',
    ].join('\n'),
  };
}
