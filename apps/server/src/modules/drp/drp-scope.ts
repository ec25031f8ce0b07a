import { type Actor, isDrpCoordinator, isMaster, isStudent } from '@pgel/shared/auth/policies';
import type { PostingScope } from './drp.repository';

/**
 * Whose postings (and their attendance) a caller sees, from the session only (DESIGN.md
 * section 4): Master all, a student their own, a coordinator the postings they supervise that
 * have started (docs/decisions/012: "during and after"), other staff their college and
 * department's; anyone else none.
 */
export function postingScopeFor(actor: Actor, today: string): PostingScope {
  if (isMaster(actor)) return { kind: 'all' };
  if (isStudent(actor)) return { kind: 'student', studentId: actor.id };
  if (isDrpCoordinator(actor)) return { kind: 'coordinator', coordinatorId: actor.id, today };
  if (actor.collegeId && actor.departmentId) {
    return { kind: 'department', collegeId: actor.collegeId, departmentId: actor.departmentId };
  }
  return { kind: 'none' };
}
