import {
  CollegePackagesModal,
  type PackagesCollege,
} from '../../features/commerce/admin/components/college-packages-modal';
import { CollegesPage } from '../../features/reference/components/colleges-page';
import { AddCollegeStaffModal, type StaffCollege } from '../../features/staff/components/add-staff-modal';

// A college row's Add Staff opens the staff feature's modal, its Packages the commerce feature's:
// features never import each other, so the route composes them.
const renderAddStaff = (college: StaffCollege | null, onClose: () => void) => (
  <AddCollegeStaffModal college={college} onClose={onClose} />
);

const renderPackages = (college: PackagesCollege | null, onClose: () => void) => (
  <CollegePackagesModal college={college} onClose={onClose} />
);

export function Component() {
  return <CollegesPage renderAddStaff={renderAddStaff} renderPackages={renderPackages} />;
}
