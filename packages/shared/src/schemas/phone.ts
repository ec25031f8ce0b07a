/**
 * A phone typed into a digits-only field (issue 28: an 11th digit vanished without a word). What
 * is pasted or typed is reduced to digits; an Indian mobile written with its trunk 0 or its +91
 * keeps the ten digits after it; anything longer is cut to the field's length and the field says
 * why, under it.
 */

/** Said under a ten-digit mobile field that had to drop digits. */
export const PHONE_INPUT_MESSAGES = {
  tooLongMobile: 'Enter the 10-digit mobile number without 0 or +91',
  tooLong: (maxDigits: number) => `At most ${maxDigits} digits: the rest was left out.`,
} as const;

/** What may stand before an Indian mobile's ten digits: +91, the trunk 0, or both. */
const INDIAN_PREFIXES = ['910', '091', '91', '0'] as const;

/** The digits a field keeps of `typed`, and whether some had to be dropped. */
export type PhoneDigits = { digits: string; isCut: boolean };

/**
 * Digits of `typed`, at most `maxDigits`. With `indianMobile` (a ten-digit field), a leading 91,
 * 0 or both that leave exactly ten digits are taken as the country and trunk prefixes and
 * dropped: '09876543210', '+91 98765 43210' and '+91 098765 43210' are all 9876543210.
 */
export function phoneDigits(typed: string, maxDigits: number, indianMobile = false): PhoneDigits {
  let digits = typed.replace(/\D/g, '');
  if (indianMobile && digits.length > maxDigits) {
    const prefix = INDIAN_PREFIXES.find(
      (p) => digits.startsWith(p) && digits.length - p.length === maxDigits,
    );
    if (prefix) digits = digits.slice(prefix.length);
  }
  return { digits: digits.slice(0, maxDigits), isCut: digits.length > maxDigits };
}
