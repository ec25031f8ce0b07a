import { DRP_COORDINATOR_TEXT } from '@pgel/shared/drp/postings';
import type { MailMessage } from '../../platform/mail';

/** How long the /verifyDRPC link of a new coordinator account stays valid (as a staff account's). */
export const DRPC_VERIFY_DAYS = 7;

/** Where a coordinator's notices take them: the residents posted to them. */
export const DRP_ATTENDANCE_PAGE = '/drp/attendence';

/** DD-MM-YYYY, as the product shows dates (spec 02 section 9). */
export function displayDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return y && m && d ? `${d}-${m}-${y}` : iso;
}

/** The posting a mail tells about. */
export type PostedMail = {
  student: string;
  institution: string;
  scheduleFrom: string;
  scheduleTo: string;
};

function postedLine(posting: PostedMail): string {
  return DRP_COORDINATOR_TEXT.posted(
    posting.student,
    posting.institution,
    displayDate(posting.scheduleFrom),
    displayDate(posting.scheduleTo),
  );
}

/**
 * The credentials e-mail of a new DRP coordinator account: who posted which resident to them,
 * the address and temporary password, the /verifyDRPC link, and where to sign in (the Faculty
 * Login tab). The password appears only here, never in the messaging-app text or the audit log.
 */
export function coordinatorCredentialsMail(input: {
  to: string;
  name: string;
  addedBy: string;
  posting: PostedMail;
  temporaryPassword: string;
  verifyToken: string;
  appUrl: string;
  /** Named by the resident: usable once the department confirms it (issue 27). */
  awaitingConfirmation?: boolean;
}): MailMessage {
  return {
    to: input.to,
    // The coordinator waits for it to sign in: sent ahead of notification mail (platform/mail.ts).
    transactional: true,
    subject: DRP_COORDINATOR_TEXT.subject,
    text: [
      `Dear ${input.name},`,
      '',
      `${input.addedBy} has named you DRP coordinator and created a PG e-Logbook account for you.`,
      '',
      postedLine(input.posting),
      '',
      `Email: ${input.to}`,
      `Temporary password: ${input.temporaryPassword}`,
      '',
      'First verify your account by opening this link:',
      '',
      `${input.appUrl}/verifyDRPC/${input.verifyToken}`,
      '',
      `The link is valid for ${DRPC_VERIFY_DAYS} days. Then sign in on the Faculty Login tab at`,
      `${input.appUrl}/staffLogin with the email and temporary password above; you will be asked to`,
      'choose your own password first. There you mark the attendance of the residents posted to you',
      'and verify their DRP activities.',
      '',
      ...(input.awaitingConfirmation
        ? [
            "The resident's department confirms your account before you can see the resident; you will",
            'be told by e-mail.',
            '',
          ]
        : []),
      'If you do not know why you received this, you can ignore this message.',
      '',
      'PG e-Logbook',
    ].join('\n'),
  };
}

/** An existing coordinator's e-mail when another resident is posted to them. */
export function postedMail(input: {
  to: { name: string; email: string };
  posting: PostedMail;
  appUrl: string;
}): MailMessage {
  return {
    to: input.to.email,
    subject: DRP_COORDINATOR_TEXT.postedSubject(input.posting.student),
    text: [
      `Dear ${input.to.name},`,
      '',
      postedLine(input.posting),
      '',
      `Their attendance is marked here once the posting starts: ${input.appUrl}${DRP_ATTENDANCE_PAGE}`,
      '',
      'PG e-Logbook',
    ].join('\n'),
  };
}
