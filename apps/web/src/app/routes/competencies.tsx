import { CompetenciesPage } from '../../features/reference/components/competencies-page';

export function Component() {
  return <CompetenciesPage />;
}
