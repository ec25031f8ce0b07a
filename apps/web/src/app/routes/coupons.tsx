import { CouponsPage } from '../../features/commerce/admin/components/coupons-page';

/** `/coupons` (Master): the coupons and Create Coupon. */
export function Component() {
  return <CouponsPage />;
}
