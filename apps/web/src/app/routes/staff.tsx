import { StaffPage } from '../../features/staff/components/staff-page';

export function Component() {
  return <StaffPage />;
}
