import { describe, expect, it } from 'vitest';
import { daysWaiting, isOverdue, overdueReason, pendingSince, VERIFICATION_WAIT } from './overdue';

describe('overdue entries (issue 30)', () => {
  const now = new Date('2026-12-15T03:30:00Z');
  const before = (days: number, ms = 0) => new Date(now.getTime() - days * 86_400_000 - ms);

  it('keeps its thresholds: 7 days overdue, 14 days or more than 25 pending to the HOD', () => {
    expect(VERIFICATION_WAIT).toEqual({
      overdueAfterDays: 7,
      escalateAfterDays: 14,
      escalatePendingOver: 25,
    });
  });

  it('waits from the last reset to Pending, else the submission; only pending entries wait', () => {
    const createdAt = '2026-11-01T10:00:00.000Z';
    expect(pendingSince({ status: 'pending', createdAt, amendedAt: null })).toEqual(new Date(createdAt));
    expect(pendingSince({ status: 'pending', createdAt, amendedAt: '2026-12-10T10:00:00.000Z' })).toEqual(
      new Date('2026-12-10T10:00:00.000Z'),
    );
    expect(pendingSince({ status: 'approved', createdAt, amendedAt: null })).toBeNull();
  });

  it('is overdue after more than 7 days, not at 7 days exactly', () => {
    expect(isOverdue(before(7), now)).toBe(false);
    expect(isOverdue(before(7, 1), now)).toBe(true);
    expect(isOverdue(before(7, 1).toISOString(), now)).toBe(true);
    expect(isOverdue(null, now)).toBe(false);
    expect(daysWaiting(before(9, 5000), now)).toBe(9);
    expect(overdueReason(before(9), now)).toBe('Waiting for verification for 9 days (more than 7).');
  });
});
