import { ReferralPage } from '../../features/commerce/admin/components/referral-page';

/** `/referral` (Master): coupon payments and sponsors with their referred students. */
export function Component() {
  return <ReferralPage />;
}
