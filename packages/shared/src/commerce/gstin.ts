import type { IndianState } from '../schemas/reference-admin';

/**
 * GSTIN (Goods and Services Tax Identification Number), the seller's number on a tax invoice
 * (issue 28). Fifteen characters: the state's two-digit GST code, the holder's PAN (five letters,
 * four digits, a letter), the entity number within that PAN (1-9, then A-Z), 'Z' by default and
 * a check character computed from the other fourteen (base 36, weights 1 and 2 alternating, the
 * same scheme as the GST portal's validation).
 */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The GST state codes (first two digits of a GSTIN) of each state and union territory. */
export const GST_STATE_CODES: Readonly<Record<IndianState, readonly string[]>> = {
  'Jammu and Kashmir': ['01'],
  'Himachal Pradesh': ['02'],
  Punjab: ['03'],
  Chandigarh: ['04'],
  Uttarakhand: ['05'],
  Haryana: ['06'],
  Delhi: ['07'],
  Rajasthan: ['08'],
  'Uttar Pradesh': ['09'],
  Bihar: ['10'],
  Sikkim: ['11'],
  'Arunachal Pradesh': ['12'],
  Nagaland: ['13'],
  Manipur: ['14'],
  Mizoram: ['15'],
  Tripura: ['16'],
  Meghalaya: ['17'],
  Assam: ['18'],
  'West Bengal': ['19'],
  Jharkhand: ['20'],
  Odisha: ['21'],
  Chhattisgarh: ['22'],
  'Madhya Pradesh': ['23'],
  Gujarat: ['24'],
  // 25 was Daman and Diu and 26 Dadra and Nagar Haveli before they merged (2020); both remain valid.
  'Dadra and Nagar Haveli and Daman and Diu': ['26', '25'],
  Maharashtra: ['27'],
  Karnataka: ['29'],
  Goa: ['30'],
  Lakshadweep: ['31'],
  Kerala: ['32'],
  'Tamil Nadu': ['33'],
  Puducherry: ['34'],
  'Andaman and Nicobar Islands': ['35'],
  Telangana: ['36'],
  // 37 since the state was divided (2014); registrations from before carry 28.
  'Andhra Pradesh': ['37', '28'],
  Ladakh: ['38'],
};

/** The check character of a GSTIN's first fourteen characters (upper case). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const value = CHARSET.indexOf(first14.charAt(i));
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARSET.charAt((36 - (sum % 36)) % 36);
}

/** Why a GSTIN is refused, or null when it is a well-formed number whose check character agrees. */
export function gstinProblem(gstin: string): 'format' | 'checksum' | null {
  if (!GSTIN_PATTERN.test(gstin)) return 'format';
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin.charAt(14) ? null : 'checksum';
}

/** Whether the GSTIN was issued in this state (its first two digits are the state's code). */
export function gstinMatchesState(gstin: string, state: IndianState): boolean {
  return GST_STATE_CODES[state].includes(gstin.slice(0, 2));
}
