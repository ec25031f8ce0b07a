import { describe, expect, it } from 'vitest';
import { indiaDate, indiaWeek, weekStartingOn } from './india-time';

describe('India weeks (issue 30)', () => {
  it('a week runs from Monday 00:00 India time (Sunday 18:30 UTC)', () => {
    expect(indiaWeek(new Date('2026-12-15T03:30:00Z'))).toEqual({
      monday: '2026-12-14',
      start: new Date('2026-12-13T18:30:00Z'),
      end: new Date('2026-12-20T18:30:00Z'),
    });
    // Sunday 23:59 India time is still that week; Monday 00:00 begins the next.
    expect(indiaWeek(new Date('2026-12-13T18:29:59Z')).monday).toBe('2026-12-07');
    expect(indiaWeek(new Date('2026-12-13T18:30:00Z')).monday).toBe('2026-12-14');
  });

  it('counts weeks back across months and years', () => {
    expect(indiaWeek(new Date('2027-01-05T03:30:00Z'), -1).monday).toBe('2026-12-28');
    expect(indiaWeek(new Date('2026-12-15T03:30:00Z'), -8).monday).toBe('2026-10-19');
    expect(weekStartingOn('2026-12-28').end).toEqual(new Date('2027-01-03T18:30:00Z'));
  });

  it('gives the India calendar day of an instant', () => {
    expect(indiaDate(new Date('2026-11-30T18:29:59Z'))).toBe('2026-11-30');
    expect(indiaDate(new Date('2026-11-30T18:30:00Z'))).toBe('2026-12-01');
  });
});
