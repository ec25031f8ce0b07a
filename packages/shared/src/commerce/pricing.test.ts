import { describe, expect, it } from 'vitest';
import { formatInr, GST_PERCENT, gstOf, priceBreakdown } from './pricing';

/** Prices in paise (spec 01 section 9): 18 % GST on the offer price less the coupon, floored at 0. */
describe('priceBreakdown', () => {
  it.each([
    // [label, offer, discount, taxable, gst, total]
    ['no coupon, ₹ 9,999', 999_900, 0, 999_900, 179_982, 1_179_882],
    ['₹ 500 off ₹ 9,999', 999_900, 50_000, 949_900, 170_982, 1_120_882],
    ['₹ 2,999', 299_900, 0, 299_900, 53_982, 353_882],
    ['one paisa: 0.18 rounds down', 1, 0, 1, 0, 1],
    ['three paise: 0.54 rounds up', 3, 0, 3, 1, 4],
    ['25 paise: 4.5 rounds half up', 25, 0, 25, 5, 30],
    ['75 paise: 13.5 rounds half up', 75, 0, 75, 14, 89],
    ['50 paise: 9 exactly', 50, 0, 50, 9, 59],
    ['discount equal to the offer', 100_000, 100_000, 0, 0, 0],
    ['discount larger than the offer', 100_000, 250_000, 0, 0, 0],
    ['offer of 0', 0, 0, 0, 0, 0],
    ['₹ 10,00,000 (the largest price)', 100_000_000, 0, 100_000_000, 18_000_000, 118_000_000],
    ['a big odd amount', 123_456_789, 1, 123_456_788, 22_222_222, 145_679_010],
  ])('%s', (_label, offer, discount, taxable, gst, total) => {
    const b = priceBreakdown(offer, discount);
    expect(b).toEqual({
      offerPaise: offer,
      discountPaise: offer - taxable,
      taxablePaise: taxable,
      gstPaise: gst,
      totalPaise: total,
    });
    expect(b.totalPaise).toBe(b.taxablePaise + b.gstPaise);
  });

  it('the applied discount never exceeds the offer', () => {
    expect(priceBreakdown(50_000, 80_000).discountPaise).toBe(50_000);
  });

  it('gst is 18 % rounded half up for every paisa amount up to ₹ 10', () => {
    expect(GST_PERCENT).toBe(18);
    for (let taxable = 0; taxable <= 1000; taxable += 1) {
      const exact = (taxable * 18) / 100;
      const fraction = exact - Math.floor(exact);
      // Fractions of .5 (and above) go up; the float check is safe at this size.
      const expected = fraction >= 0.5 - 1e-9 ? Math.floor(exact) + 1 : Math.floor(exact);
      expect(gstOf(taxable)).toBe(expected);
    }
  });

  it.each([
    [-1, 0],
    [1.5, 0],
    [100, -1],
    [100, 0.5],
    [Number.NaN, 0],
    [2 ** 60, 0],
  ])('refuses offer %s with discount %s', (offer, discount) => {
    expect(() => priceBreakdown(offer, discount)).toThrow(RangeError);
  });
});

describe('formatInr', () => {
  it.each([
    [1_179_882, '₹ 11,798.82'],
    [999_900, '₹ 9,999'],
    [100_000_000, '₹ 10,00,000'],
    [5, '₹ 0.05'],
    [0, '₹ 0'],
  ])('%s paise reads %s', (paise, text) => {
    expect(formatInr(paise)).toBe(text);
  });
});
