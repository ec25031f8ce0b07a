import { CartPage } from '../../features/commerce/purchase/cart-page';

export function Component() {
  return <CartPage />;
}
