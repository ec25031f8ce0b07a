import { HowItWorksPage } from '../../features/public/components/how-it-works-page';

export function Component() {
  return <HowItWorksPage />;
}
