import { AllStaffsPage } from '../../features/staff/components/all-staffs-page';

export function Component() {
  return <AllStaffsPage />;
}
