import { MEMO_NOTICES } from '@pgel/shared/academic/memos';
import type { MailMessage } from '../../platform/mail';

/** Where every memo notice takes its reader: the memo page (the list of their memos). */
export const MEMO_PAGE = '/memo';

/** DD-MM-YYYY, as the product shows dates (spec 02 section 9). */
function displayDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return y && m && d ? `${d}-${m}-${y}` : iso;
}

function mailText(input: { greet: string; notice: string; details: string[]; appUrl: string }): string {
  return [
    `Dear ${input.greet},`,
    '',
    input.notice,
    '',
    ...input.details,
    '',
    `Open it here: ${input.appUrl}${MEMO_PAGE}`,
    '',
    'PG e-Logbook',
  ].join('\n');
}

type MemoMailed = { memoNumber: string; date: string; reason: string };

/** The student's e-mail when the HOD issues a memo to them: its number, date and reason. */
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
      details: [`Date: ${displayDate(memo.date)}`, '', 'Reason:', memo.reason],
      appUrl: input.appUrl,
    }),
  };
}

/** The issuing HOD's e-mail when the student explains: the memo and the explanation. */
export function explainedMail(input: {
  to: { name: string; email: string };
  memo: MemoMailed;
  student: string;
  explanation: string;
  appUrl: string;
}): MailMessage {
  const { memo } = input;
  return {
    to: input.to.email,
    subject: MEMO_NOTICES.explainedSubject(memo.memoNumber),
    text: mailText({
      greet: input.to.name,
      notice: MEMO_NOTICES.explained(memo.memoNumber, input.student),
      details: [`Reason: ${memo.reason}`, '', 'Explanation:', input.explanation],
      appUrl: input.appUrl,
    }),
  };
}

/** The student's e-mail when the HOD closes their memo: the closing remark. */
export function closedMail(input: {
  to: { name: string; email: string };
  memo: MemoMailed;
  closedBy: string;
  remark: string;
  appUrl: string;
}): MailMessage {
  const { memo } = input;
  return {
    to: input.to.email,
    subject: MEMO_NOTICES.closedSubject(memo.memoNumber),
    text: mailText({
      greet: input.to.name,
      notice: MEMO_NOTICES.closed(memo.memoNumber, input.closedBy),
      details: ['Remark:', input.remark],
      appUrl: input.appUrl,
    }),
  };
}
