import {
  type CouponPayment,
  CouponPaymentSchema,
  type Sponsor,
  SponsorSchema,
} from '@pgel/shared/commerce/referrals';
import { type ListResponse, listResponseSchema } from '@pgel/shared/schemas/list';
import { type ListParams, listSearchParams } from '../../../../components/data-table';
import { apiRequest } from '../../../../lib/api-client';

const SponsorListSchema = listResponseSchema(SponsorSchema);
const CouponPaymentListSchema = listResponseSchema(CouponPaymentSchema);

/** /referral's college and department filters (ReferralQuerySchema); unset means every one. */
export type ReferralFilters = { collegeId?: string; departmentId?: string };

function referralQuery(params: ListParams, filters: ReferralFilters): URLSearchParams {
  const query = listSearchParams(params);
  if (filters.collegeId) query.set('collegeId', filters.collegeId);
  if (filters.departmentId) query.set('departmentId', filters.departmentId);
  return query;
}

/** `GET /referrals` (Master): sponsors with the students they referred and who of them paid. */
export async function listSponsors(
  params: ListParams,
  filters: ReferralFilters,
  signal?: AbortSignal,
): Promise<ListResponse<Sponsor>> {
  const payload = await apiRequest<unknown>(`/referrals?${referralQuery(params, filters)}`, { signal });
  return SponsorListSchema.parse(payload);
}

/** `GET /coupon-payments` (Master): verified payments made with a coupon. */
export async function listCouponPayments(
  params: ListParams,
  filters: ReferralFilters,
  signal?: AbortSignal,
): Promise<ListResponse<CouponPayment>> {
  const payload = await apiRequest<unknown>(`/coupon-payments?${referralQuery(params, filters)}`, { signal });
  return CouponPaymentListSchema.parse(payload);
}
