import { STAFF_MESSAGES, type StaffListItem } from '@pgel/shared/schemas/staff-admin';
import { useState } from 'react';
import { showConfirm, showError } from '../../../components/dialogs';
import { useSetStaffStatus } from '../api/set-staff-status';
import { showStaffSuccess, staffFailureMessage } from './staff-dialogs';

/** What a status switch asks before changing a member: block, unblock, or (Master) verify. */
function confirmationFor(staff: StaffListItem, active: boolean): { message: string; label: string } {
  if (!active) return { message: STAFF_MESSAGES.confirmBlock, label: 'Yes, block' };
  if (staff.blocked) return { message: STAFF_MESSAGES.confirmUnblock, label: 'Yes, unblock' };
  return { message: STAFF_MESSAGES.confirmVerify, label: 'Yes, verify' };
}

/**
 * The status switches of /allStaff (block / unblock) and /allHod (Verify): confirm, send, then
 * the success dialog or 'Failed to update status' / 'Server error while updating status'. Rows
 * being changed are `busy`, so a switch cannot be flipped twice while its call is out.
 */
export function useStaffStatusToggle() {
  const setStatus = useSetStaffStatus();
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());

  const change = async (staff: StaffListItem, active: boolean) => {
    const { message, label } = confirmationFor(staff, active);
    const isConfirmed = await showConfirm({
      title: STAFF_MESSAGES.confirmTitle,
      message,
      confirmLabel: label,
      danger: !active,
    });
    if (!isConfirmed) return;
    setBusyIds((current) => new Set(current).add(staff.id));
    try {
      const result = await setStatus.mutateAsync({ id: staff.id, active });
      await showStaffSuccess(result.message);
    } catch (error) {
      await showError(
        staffFailureMessage(error, {
          failed: STAFF_MESSAGES.failedStatus,
          serverError: STAFF_MESSAGES.serverErrorStatus,
        }),
      );
    } finally {
      setBusyIds((current) => {
        const next = new Set(current);
        next.delete(staff.id);
        return next;
      });
    }
  };

  return { change, busyIds };
}
