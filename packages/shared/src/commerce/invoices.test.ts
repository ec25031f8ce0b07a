import { describe, expect, it } from 'vitest';
import { financialYearOf, invoiceDate, invoiceNumber, isIntraState, splitGst } from './invoices';

describe('invoice series', () => {
  it.each([
    // The year turns at midnight of 1 April in India (UTC+5:30), not in UTC.
    ['2026-03-31T18:29:59Z', '2025-26'],
    ['2026-03-31T18:30:00Z', '2026-27'],
    ['2027-01-15T10:00:00Z', '2026-27'],
    ['2099-12-31T00:00:00Z', '2099-00'],
  ])('%s falls in %s', (at, year) => {
    expect(financialYearOf(new Date(at))).toBe(year);
  });

  it('numbers invoices in at most 16 characters (GST rule 46)', () => {
    expect(invoiceNumber('2026-27', 1)).toBe('INV/26-27/000001');
    expect(invoiceNumber('2026-27', 999_999)).toHaveLength(16);
  });

  it('prints the date in India', () => {
    expect(invoiceDate('2026-03-31T18:30:00Z')).toBe('01 Apr 2026');
  });
});

describe('splitGst', () => {
  it('halves the GST within a state, the odd paisa to CGST, and the parts add up', () => {
    expect(splitGst(179_982, true)).toEqual({ cgstPaise: 89_991, sgstPaise: 89_991, igstPaise: 0 });
    expect(splitGst(53_983, true)).toEqual({ cgstPaise: 26_992, sgstPaise: 26_991, igstPaise: 0 });
    expect(splitGst(179_982, false)).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 179_982 });
  });

  it('is intra-state only when both states are known and equal', () => {
    expect(isIntraState('Kerala', 'Kerala')).toBe(true);
    expect(isIntraState('Kerala', 'Goa')).toBe(false);
    expect(isIntraState(null, 'Kerala')).toBe(false);
  });
});
