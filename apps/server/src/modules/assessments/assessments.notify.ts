import { AETCOM_NOTICES } from '@pgel/shared/academic/aetcom';
import { APPRAISAL_NOTICES } from '@pgel/shared/academic/appraisal';
import { ACADEMIC_ENTRY_PARAM, ACADEMIC_REPORT_PAGES } from '@pgel/shared/reports/activity';
import type { MailMessage } from '../../platform/mail';

// The student is told that faculty recorded an appraisal or an AETCOM year, by whom and where to
// read it (issue 28). Never a score or a remark: mail leaves our hands.

/** DD-MM-YYYY, as the product shows dates (spec 02 section 9). */
function displayDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return y && m && d ? `${d}-${m}-${y}` : iso;
}

/** The student's own page, opened at the new entry (`?entry=`). */
export function appraisalPath(id: string): string {
  return `${ACADEMIC_REPORT_PAGES.appraisal}?${ACADEMIC_ENTRY_PARAM}=${encodeURIComponent(id)}`;
}
export function aetcomPath(id: string): string {
  return `${ACADEMIC_REPORT_PAGES.aetcom}?${ACADEMIC_ENTRY_PARAM}=${encodeURIComponent(id)}`;
}

type Recipient = { name: string; email: string };

function mailText(greet: string, notice: string, link: string): string {
  return [`Dear ${greet},`, '', notice, '', `Read it here: ${link}`, '', 'PG e-Logbook'].join('\n');
}

export type RecordedAppraisal = { id: string; fromDate: string; toDate: string };

/** The in-app notice of a recorded quarter. */
export function appraisalNotice(appraisal: RecordedAppraisal, appraisedBy: string): string {
  return APPRAISAL_NOTICES.recorded(
    displayDate(appraisal.fromDate),
    displayDate(appraisal.toDate),
    appraisedBy,
  );
}

/** The student's e-mail when faculty record a quarterly appraisal: the quarter, who, and a link. */
export function appraisalRecordedMail(input: {
  to: Recipient;
  appraisal: RecordedAppraisal;
  appraisedBy: string;
  appUrl: string;
}): MailMessage {
  return {
    to: input.to.email,
    subject: APPRAISAL_NOTICES.recordedSubject,
    text: mailText(
      input.to.name,
      appraisalNotice(input.appraisal, input.appraisedBy),
      `${input.appUrl}${appraisalPath(input.appraisal.id)}`,
    ),
  };
}

export type RecordedAetcom = { id: string; year: number };

/** The student's e-mail when faculty record an AETCOM year: the year, who, and a link. */
export function aetcomRecordedMail(input: {
  to: Recipient;
  record: RecordedAetcom;
  scoredBy: string;
  appUrl: string;
}): MailMessage {
  return {
    to: input.to.email,
    subject: AETCOM_NOTICES.recordedSubject(input.record.year),
    text: mailText(
      input.to.name,
      AETCOM_NOTICES.recorded(input.record.year, input.scoredBy),
      `${input.appUrl}${aetcomPath(input.record.id)}`,
    ),
  };
}
