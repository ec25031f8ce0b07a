import { describe, expect, it } from 'vitest';
import {
  addMonths,
  authenticationDueDate,
  authenticationEscalationDate,
  daysBetween,
  indiaMonth,
  isMonth,
  lastEscalatedMonth,
  monthLabel,
  monthRange,
  monthState,
  monthsBetween,
} from './months';

describe('logbook months', () => {
  it('accepts YYYY-MM of years 2000-2100 only', () => {
    for (const good of ['2026-01', '2026-12', '2000-06', '2100-12']) expect(isMonth(good), good).toBe(true);
    for (const bad of ['2026-00', '2026-13', '2026-1', '26-01', '1999-12', '2101-01', '2026-01-01', ''])
      expect(isMonth(bad), bad).toBe(false);
  });

  it('moves across years, spans months and names them', () => {
    expect(addMonths('2026-11', 2)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-08', 35)).toBe('2029-07');
    expect(monthsBetween('2026-11', '2027-02')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthsBetween('2027-02', '2026-11')).toEqual([]);
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthLabel('2026-11')).toBe('November 2026');
    expect(authenticationDueDate('2026-12')).toBe('2027-01-10');
  });

  it("reads the month in India's time", () => {
    expect(indiaMonth(new Date('2026-11-30T18:29:00Z'))).toBe('2026-11');
    expect(indiaMonth(new Date('2026-11-30T18:31:00Z'))).toBe('2026-12');
  });

  it('due until the 10th of the next month, overdue after it, upcoming before it begins', () => {
    const at = (iso: string) => new Date(iso);
    expect(monthState('2026-10', false, at('2026-10-15T06:00:00Z'))).toBe('due');
    expect(monthState('2026-10', false, at('2026-11-10T18:29:00Z'))).toBe('due');
    expect(monthState('2026-10', false, at('2026-11-10T18:31:00Z'))).toBe('overdue');
    expect(monthState('2026-12', false, at('2026-11-10T06:00:00Z'))).toBe('upcoming');
    expect(monthState('2026-10', true, at('2027-01-01T06:00:00Z'))).toBe('authenticated');
  });

  it("goes to the HOD's summary from the 20th of the next month, India time", () => {
    const at = (iso: string) => new Date(iso);
    expect(authenticationEscalationDate('2026-12')).toBe('2027-01-20');
    expect(lastEscalatedMonth(at('2026-12-19T18:29:00Z'))).toBe('2026-10');
    expect(lastEscalatedMonth(at('2026-12-19T18:31:00Z'))).toBe('2026-11');
    expect(lastEscalatedMonth(at('2027-01-31T06:00:00Z'))).toBe('2026-12');
    expect(lastEscalatedMonth(at('2027-01-05T06:00:00Z'))).toBe('2026-11');
    expect(daysBetween('2026-12-10', '2026-12-21')).toBe(11);
    expect(daysBetween('2026-02-10', '2026-03-10')).toBe(28);
  });
});
