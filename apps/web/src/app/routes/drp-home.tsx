import { canConfirmAnyStaff, isDrpCoordinator } from '@pgel/shared/auth/policies';
import { DrpHomePage } from '../../features/drp/components/drp-home-page';
import { ToConfirmCard } from '../../features/staff/components/to-confirm-card';
import { useSessionUser } from '../../lib/session';

/**
 * `/drp/home` (DRP Co-ordinator): the DRP postings and Add DRPC; above them, for the department's
 * faculty, the coordinators residents named that wait for confirmation (issue 27).
 */
export function Component() {
  const user = useSessionUser();
  const actor = {
    role: user.role,
    collegeId: user.college?.id ?? null,
    departmentId: user.department?.id ?? null,
  };
  const confirms = canConfirmAnyStaff(actor) && !isDrpCoordinator(actor);
  return <DrpHomePage aboveList={confirms ? <ToConfirmCard kind="coordinator" /> : null} />;
}
