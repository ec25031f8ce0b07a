import { CollegesPage } from '../../features/reference/components/colleges-page';
import { AddCollegeStaffModal, type StaffCollege } from '../../features/staff/components/add-staff-modal';

// A college row's Add Staff opens the staff feature's modal: features never import each other,
// so the route composes the two.
const renderAddStaff = (college: StaffCollege | null, onClose: () => void) => (
  <AddCollegeStaffModal college={college} onClose={onClose} />
);

export function Component() {
  return <CollegesPage renderAddStaff={renderAddStaff} />;
}
