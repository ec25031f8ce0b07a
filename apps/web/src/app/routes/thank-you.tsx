import { ThankYouPage } from '../../features/public/components/thank-you-page';

export function Component() {
  return <ThankYouPage />;
}
