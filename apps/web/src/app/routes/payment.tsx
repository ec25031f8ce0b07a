import { PaymentPage } from '../../features/commerce/purchase/payment-page';

export function Component() {
  return <PaymentPage />;
}
