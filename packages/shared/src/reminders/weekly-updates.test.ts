import { describe, expect, it } from 'vitest';
import { WEEKLY_UPDATE_MESSAGES, weekEnd, weekLabel } from './weekly-updates';

describe('weekly update (issue 30)', () => {
  it('names a week by its Monday and writes it Monday to Sunday, across months and years', () => {
    expect(weekEnd('2026-12-07')).toBe('2026-12-13');
    expect(weekEnd('2026-12-28')).toBe('2027-01-03');
    expect(weekLabel('2026-11-30')).toBe('30-11-2026 to 06-12-2026');
  });

  it('nudges with the week it is about', () => {
    expect(WEEKLY_UPDATE_MESSAGES.nudge('2026-12-07')).toBe(
      "You saved no logbook entry last week (07-12-2026 to 13-12-2026). Your logbook is to be updated every week: add this week's entries.",
    );
  });
});
