import { SpecialitiesPage } from '../../features/reference/components/specialities-page';

export function Component() {
  return <SpecialitiesPage />;
}
