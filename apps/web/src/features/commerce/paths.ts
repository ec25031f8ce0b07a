/**
 * The purchase pages (spec 01 sections 2.8, 2.9). lib/paths.ts does not list them yet; they are
 * kept here so every commerce page names them once.
 */
export const commercePaths = {
  cart: '/cart',
  payment: '/payment',
} as const;
