/**
 * Package prices in paise (integers only: rupee amounts with decimals are never added or
 * multiplied as floating point). Spec 01 section 9: GST of 18 % is added to the offer price after
 * the coupon discount, the discounted price floored at 0.
 */
export const GST_PERCENT = 18;
export const CURRENCY = 'INR';

export type PriceBreakdown = {
  /** The package's offer price. */
  offerPaise: number;
  /** The coupon's discount as applied: never more than the offer price. */
  discountPaise: number;
  /** Offer price less the discount, floored at 0. */
  taxablePaise: number;
  /** 18 % of the taxable amount, rounded half up to the paisa. */
  gstPaise: number;
  /** What the student pays. 0 means there is nothing to pay: 'Payment Issue: Contact to administrator !!!'. */
  totalPaise: number;
};

/** Rounds `numerator / denominator` half up, for non-negative integers. */
function divideRoundingHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

export function gstOf(taxablePaise: number): number {
  return divideRoundingHalfUp(taxablePaise * GST_PERCENT, 100);
}

export function priceBreakdown(offerPaise: number, couponDiscountPaise = 0): PriceBreakdown {
  if (!Number.isSafeInteger(offerPaise) || offerPaise < 0)
    throw new RangeError('offer price must be whole paise');
  if (!Number.isSafeInteger(couponDiscountPaise) || couponDiscountPaise < 0) {
    throw new RangeError('discount must be whole paise');
  }
  const taxablePaise = Math.max(0, offerPaise - couponDiscountPaise);
  const gstPaise = gstOf(taxablePaise);
  return {
    offerPaise,
    discountPaise: offerPaise - taxablePaise,
    taxablePaise,
    gstPaise,
    totalPaise: taxablePaise + gstPaise,
  };
}

/** Whole rupees (as typed in a form) to paise. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** '₹ 11,798.82' (Indian digit grouping); whole rupees print without '.00'. */
export function formatInr(paise: number): string {
  const rupees = Math.trunc(paise / 100);
  const rest = Math.abs(paise % 100);
  const whole = new Intl.NumberFormat('en-IN').format(rupees);
  return rest === 0 ? `₹ ${whole}` : `₹ ${whole}.${String(rest).padStart(2, '0')}`;
}
