import { DepartmentsPage } from '../../features/reference/components/departments-page';

export function Component() {
  return <DepartmentsPage />;
}
