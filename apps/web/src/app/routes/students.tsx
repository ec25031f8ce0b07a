import { StudentsPage } from '../../features/students/components/students-page';

export function Component() {
  return <StudentsPage />;
}
