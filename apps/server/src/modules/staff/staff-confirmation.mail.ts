import { CONFIRMATION_TEXT, type ConfirmationKind } from '@pgel/shared/schemas/staff-confirmation';
import type { MailMessage } from '../../platform/mail';

const signature = ['', 'PG e-Logbook'];

/** To an HOD: a student proposed a teacher or named a DRP coordinator who waits for them. */
export function proposedMail(input: {
  to: string;
  hodName: string;
  studentName: string;
  candidateName: string;
  kind: ConfirmationKind;
  appUrl: string;
}): MailMessage {
  return {
    to: input.to,
    subject:
      input.kind === 'teacher'
        ? 'A teacher waits for your confirmation'
        : 'A DRP coordinator waits for confirmation',
    text: [
      `Dear ${input.hodName},`,
      '',
      CONFIRMATION_TEXT.proposed(input.studentName, input.candidateName, input.kind),
      '',
      'Until it is confirmed the account cannot see residents or verify entries. Confirm or decline it',
      `on the To confirm list: ${input.appUrl}/allStaff`,
      ...signature,
    ].join('\n'),
  };
}

/** To the account itself: confirmed (it may now work) or declined (it cannot sign in). */
export function decisionMailToAccount(input: {
  to: string;
  name: string;
  byName: string;
  confirmed: boolean;
  appUrl: string;
}): MailMessage {
  return {
    to: input.to,
    transactional: true,
    subject: input.confirmed ? CONFIRMATION_TEXT.subjectConfirmed : CONFIRMATION_TEXT.subjectDeclined,
    text: [
      `Dear ${input.name},`,
      '',
      input.confirmed
        ? `${CONFIRMATION_TEXT.accountConfirmed(input.byName)} Sign in at ${input.appUrl}/staffLogin.`
        : `${CONFIRMATION_TEXT.accountDeclined(input.byName)} If this is a mistake, please contact the head of department.`,
      ...signature,
    ].join('\n'),
  };
}

/** To the student who proposed the account. */
export function decisionMailToProposer(input: {
  to: string;
  name: string;
  byName: string;
  candidateName: string;
  confirmed: boolean;
}): MailMessage {
  return {
    to: input.to,
    subject: input.confirmed
      ? CONFIRMATION_TEXT.subjectProposerConfirmed
      : CONFIRMATION_TEXT.subjectProposerDeclined,
    text: [
      `Dear ${input.name},`,
      '',
      input.confirmed
        ? CONFIRMATION_TEXT.proposerConfirmed(input.byName, input.candidateName)
        : CONFIRMATION_TEXT.proposerDeclined(input.byName, input.candidateName),
      ...signature,
    ].join('\n'),
  };
}
