/**
 * An amount in words as Indian invoices print it (issue 28): Indian numbering (thousand, lakh,
 * crore), hyphenated tens ('Ninety-Nine'), 'Rupees … Only', and the paise when there are any:
 * 'Rupees Eleven Thousand Seven Hundred Ninety-Eight and Eighty-Two Paise Only'.
 */
const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1..99 in words. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? '';
  const tens = TENS[Math.floor(n / 10)] ?? '';
  return n % 10 === 0 ? tens : `${tens}-${ONES[n % 10]}`;
}

/** 1..999 in words. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(`${ONES[hundreds]} Hundred`);
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/** A whole number in words with Indian grouping: crore (10^7), lakh (10^5), thousand, hundred. */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError('a whole number of 0 or more');
  if (n === 0) return ONES[0] ?? 'Zero';
  const crores = Math.floor(n / 10_000_000);
  const lakhs = Math.floor((n % 10_000_000) / 100_000);
  const thousands = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  // Beyond 99 crore the crores are themselves counted in Indian words ('One Hundred Crore').
  if (crores > 0) parts.push(`${numberInWords(crores)} Crore`);
  if (lakhs > 0) parts.push(`${belowHundred(lakhs)} Lakh`);
  if (thousands > 0) parts.push(`${belowHundred(thousands)} Thousand`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** An amount of paise in words: 'Rupees One Hundred Only', 'Rupees Five and Fifty Paise Only'. */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError('whole paise of 0 or more');
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const words = `Rupees ${numberInWords(rupees)}`;
  return rest === 0 ? `${words} Only` : `${words} and ${belowHundred(rest)} Paise Only`;
}
