import { ThesisPage } from '../../features/thesis/components/thesis-page';

export function Component() {
  return <ThesisPage stage="synopsis" />;
}
