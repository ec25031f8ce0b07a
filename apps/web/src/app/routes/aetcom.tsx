import { AetcomPage } from '../../features/assessments/components/aetcom-page';

/** `/atcom`: AETCOM skills, scored once a year of training. */
export function Component() {
  return <AetcomPage />;
}
