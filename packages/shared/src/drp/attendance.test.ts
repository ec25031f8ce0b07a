import { describe, expect, it } from 'vitest';
import { attendancePercentage } from './attendance';

describe('attendancePercentage', () => {
  it('is the share of marked days present, rounded down', () => {
    expect(attendancePercentage(4, 5)).toBe(80);
    expect(attendancePercentage(2, 3)).toBe(66);
    expect(attendancePercentage(199, 200)).toBe(99);
    expect(attendancePercentage(200, 200)).toBe(100);
  });

  it('is unknown before any day is marked', () => {
    expect(attendancePercentage(0, 0)).toBeNull();
  });
});
