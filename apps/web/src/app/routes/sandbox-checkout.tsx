import { SandboxCheckoutPage } from '../../features/commerce/purchase/sandbox-checkout-page';

export function Component() {
  return <SandboxCheckoutPage />;
}
