import { InstitutionsPage } from '../../features/reference/components/institutions-page';

export function Component() {
  return <InstitutionsPage />;
}
