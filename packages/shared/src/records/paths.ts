import { findKind } from './kinds';
import { VERIFY_PARAM } from './verify-param';

/**
 * The page of one entry: its kind's report with the entry open (`?record={id}`). The Mandatory
 * Checklist and the kinds with a `page` have routes of their own; every other kind is `/task/{kind}`. Used by the
 * dashboard's Pending Verifications and by the links in notification mail.
 */
export function recordPagePath(kindId: string, recordId: string): string {
  return `${kindPagePath(kindId)}?record=${recordId}`;
}

/**
 * The page of one entry with its verification open: where the daily digest and the "new entry"
 * mail take the faculty member, after sign-in when needed (issue 30).
 */
export function recordVerificationPath(kindId: string, recordId: string): string {
  return `${recordPagePath(kindId, recordId)}&${VERIFY_PARAM}=1`;
}

/** A kind's report screen: its own page (publications, thesis uploads) or `/task/{kind}`. */
export function kindPagePath(kindId: string): string {
  if (kindId === 'checklist') return '/checkList';
  return findKind(kindId)?.page ?? `/task/${kindId}`;
}

/**
 * A resident's pending entries of one kind on its report page, ready to verify together (issue 30:
 * Pending Verifications' "Verify" beside each resident): the list filtered to that student and
 * to Pending.
 */
export function residentPendingPath(kindId: string, studentId: string): string {
  return `${kindPagePath(kindId)}?${new URLSearchParams({ student: studentId, status: 'pending' })}`;
}
