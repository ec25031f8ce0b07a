import { CollegesPage } from '../../features/reference/components/colleges-page';

export function Component() {
  return <CollegesPage />;
}
