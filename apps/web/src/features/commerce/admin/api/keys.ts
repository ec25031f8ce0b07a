/**
 * Query keys of Master's commerce screens. Kept apart from the purchase path's keys
 * (features/commerce/api): Master's package list also holds the hidden packages.
 */
export const commerceAdminKeys = {
  all: ['commerce', 'admin'] as const,
  coupons: ['commerce', 'admin', 'coupons'] as const,
  sponsors: ['commerce', 'admin', 'sponsors'] as const,
  couponPayments: ['commerce', 'admin', 'coupon-payments'] as const,
  packages: ['commerce', 'admin', 'packages'] as const,
  collegePackages: (collegeId: string) => ['commerce', 'admin', 'college-packages', collegeId] as const,
  colleges: ['commerce', 'admin', 'filters', 'colleges'] as const,
  departments: (collegeId: string | null) =>
    ['commerce', 'admin', 'filters', 'departments', collegeId ?? 'all'] as const,
};
