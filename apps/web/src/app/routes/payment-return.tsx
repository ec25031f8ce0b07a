import { PaymentReturnPage } from '../../features/commerce/purchase/payment-return-page';

export function Component() {
  return <PaymentReturnPage />;
}
