import { type Actor, isStudent } from '@pgel/shared/auth/policies';
import { type CreatePostingInput, DRP_MESSAGES as M } from '@pgel/shared/drp/postings';
import { EMAIL_PATTERN } from '@pgel/shared/schemas/common';
import { isCalendarDate } from '@pgel/shared/schemas/dates';
import { TEN_DIGIT_PHONE } from '@pgel/shared/schemas/staff-admin';
import { AppError } from '../../platform/errors';

/** Text a user typed, trimmed; empty when missing. */
const typed = (value: string | undefined) => (value ?? '').trim();

/** The Add DRPC form after the checks that need no database. */
export type PostingFields = {
  /** The student staff record the posting for; null for a student's own. */
  studentId: string | null;
  state: string;
  institutionId: string;
  name: string;
  /** Lower-cased, as accounts keep addresses. */
  email: string;
  phone: string;
  scheduleFrom: string;
  noticeFileId: string;
};

/** The checks of Add DRPC that need no database, in the order the form shows their messages. */
export function checkPostingForm(actor: Actor, input: CreatePostingInput): PostingFields {
  const studentId = isStudent(actor) ? null : typed(input.studentId);
  if (studentId === '') throw AppError.validation(M.studentRequired, { studentId: M.studentRequired });
  const institutionId = typed(input.institutionId);
  if (!institutionId) throw AppError.validation(M.selectInstitution, { institutionId: M.selectInstitution });
  const fields = {
    studentId,
    institutionId,
    state: typed(input.state),
    name: typed(input.coordinatorName),
    email: typed(input.coordinatorEmail).toLowerCase(),
    phone: typed(input.coordinatorPhone),
    scheduleFrom: typed(input.scheduleFrom),
    noticeFileId: typed(input.noticeFileId),
  };
  if (!fields.state || !fields.name || !fields.email || !fields.phone || !fields.scheduleFrom) {
    throw AppError.validation(M.fillAll);
  }
  if (!EMAIL_PATTERN.test(fields.email)) {
    throw AppError.validation(M.invalidEmail, { coordinatorEmail: M.invalidEmail });
  }
  if (!TEN_DIGIT_PHONE.test(fields.phone)) {
    throw AppError.validation(M.invalidPhone, { coordinatorPhone: M.invalidPhone });
  }
  // A posting is dated within this century: a far year would overflow the +90 days of its end.
  const year = Number(fields.scheduleFrom.slice(0, 4));
  if (!isCalendarDate(fields.scheduleFrom) || year < 2000 || year > 2100) {
    throw AppError.validation(M.invalidScheduleFrom, { scheduleFrom: M.invalidScheduleFrom });
  }
  return fields;
}
