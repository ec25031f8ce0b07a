import { z } from 'zod';
import { PersonRefSchema } from '../academic/common';
import {
  type Actor,
  isDrpCoordinator,
  isVerifiedByDrpCoordinator,
  type RecordKindAccess,
} from '../auth/policies';

/**
 * A DRP coordinator's dashboard (issue 28): a coordinator has no college, department, course or
 * unit head, so the four tiles other users see would all read N/A. They see their work instead:
 * the residents posted under them now, the attendance days still to mark and the DRP entries
 * waiting for their verification, each leading to the page where they act.
 */
export const COORDINATOR_DASHBOARD_TEXT = {
  residents: 'Residents',
  daysToMark: 'Days to mark',
  activities: 'Activities to verify',
  logbooks: 'DRP Records to verify',
  noResidents: 'No resident is posted under you now.',
  allMarked: 'Every day so far is marked.',
  nothingToVerify: 'Nothing waiting for you.',
  region: 'Your DRP work',
} as const;

/** One resident posted under the coordinator now, with the days of the posting not yet marked. */
export const CoordinatorResidentSchema = z.object({
  postingId: z.string(),
  student: PersonRefSchema,
  institution: z.string(),
  scheduleFrom: z.string(),
  scheduleTo: z.string(),
  /** Days from the start up to today that carry no mark yet. */
  daysToMark: z.number().int(),
});
export type CoordinatorResident = z.infer<typeof CoordinatorResidentSchema>;

/** `GET /drp/coordinator-dashboard` (the DRP coordinator only, their own postings). */
export const CoordinatorDashboardSchema = z.object({
  /** Postings under the coordinator that have started and not ended, by student name. */
  residents: z.array(CoordinatorResidentSchema),
  /** The residents' days to mark, summed. */
  daysToMark: z.number().int(),
  /** Pending entries of the coordinator's started postings, by kind. */
  toVerify: z.object({ activities: z.number().int(), logbooks: z.number().int() }),
});
export type CoordinatorDashboard = z.infer<typeof CoordinatorDashboardSchema>;

/** The DRP coordinator's remark on an entry, wherever it is shown or entered (issue 28). */
export const DRPC_REMARK_LABEL = 'DRPC Remark';

/**
 * What the verifier's remark on an entry is called: 'DRPC Remark' on a kind only the DRP
 * coordinator verifies, and for the coordinator on any kind they verify; 'Feedback' for everyone
 * else on a kind both the department and the coordinator verify (either may have written it);
 * `fallback` (the department's 'HOD / Unit Head Feedback') otherwise.
 */
export function verifierRemarkLabel(
  kind: RecordKindAccess,
  viewer: Pick<Actor, 'role'> | null,
  fallback: string,
): string {
  if (kind.verifiedBy === 'drp-coordinator') return DRPC_REMARK_LABEL;
  if (!isVerifiedByDrpCoordinator(kind)) return fallback;
  return viewer && isDrpCoordinator(viewer) ? DRPC_REMARK_LABEL : 'Feedback';
}
