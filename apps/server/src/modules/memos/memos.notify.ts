import { MEMO_NOTICES } from '@pgel/shared/academic/memos';
import type { MailMessage } from '../../platform/mail';

/** Where every memo notice takes its reader: the memo page (the list of their memos). */
export const MEMO_PAGE = '/memo';

/**
 * A memo's mail says what happened and where to read it, never the memo's text: its reason, the
 * student's explanation (often about health or family) and the closing remark stay behind the
 * sign-in (issue 28). Mail passes through servers and inboxes the college does not control.
 */
function mailText(input: { greet: string; notice: string; appUrl: string }): string {
  return [
    `Dear ${input.greet},`,
    '',
    input.notice,
    '',
    `Sign in to read it: ${input.appUrl}${MEMO_PAGE}`,
    '',
    'PG e-Logbook',
  ].join('\n');
}

type MemoMailed = { memoNumber: string };

/** The student's e-mail when the HOD issues a memo to them: its number, and the link. */
export function issuedMail(input: {
  to: { name: string; email: string };
  memo: MemoMailed;
  issuedBy: string;
  appUrl: string;
}): MailMessage {
  const { memo } = input;
  return {
    to: input.to.email,
    subject: MEMO_NOTICES.issuedSubject(memo.memoNumber),
    text: mailText({
      greet: input.to.name,
      notice: MEMO_NOTICES.issued(memo.memoNumber, input.issuedBy),
      appUrl: input.appUrl,
    }),
  };
}

/** The HOD's e-mail when the student explains: that they did, and the link. */
export function explainedMail(input: {
  to: { name: string; email: string };
  memo: MemoMailed;
  student: string;
  appUrl: string;
}): MailMessage {
  const { memo } = input;
  return {
    to: input.to.email,
    subject: MEMO_NOTICES.explainedSubject(memo.memoNumber),
    text: mailText({
      greet: input.to.name,
      notice: MEMO_NOTICES.explained(memo.memoNumber, input.student),
      appUrl: input.appUrl,
    }),
  };
}

/** The student's e-mail when the HOD closes their memo: that it is closed, and the link. */
export function closedMail(input: {
  to: { name: string; email: string };
  memo: MemoMailed;
  closedBy: string;
  appUrl: string;
}): MailMessage {
  const { memo } = input;
  return {
    to: input.to.email,
    subject: MEMO_NOTICES.closedSubject(memo.memoNumber),
    text: mailText({
      greet: input.to.name,
      notice: MEMO_NOTICES.closed(memo.memoNumber, input.closedBy),
      appUrl: input.appUrl,
    }),
  };
}
