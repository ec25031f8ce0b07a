import { describe, expect, it } from 'vitest';
import { FLAG_RULES, RECORD_FLAG_CODES, RECORD_FLAG_LABELS, RECORD_FLAG_REASONS } from './flags';

describe('record flags (issue 27)', () => {
  it('keeps its codes stable: clients key on them', () => {
    expect(RECORD_FLAG_CODES).toEqual([
      'backdated',
      'on-leave',
      'high-volume',
      'repeat-patient',
      'before-joining',
    ]);
    for (const code of RECORD_FLAG_CODES) expect(RECORD_FLAG_LABELS[code]).not.toBe('');
  });

  it('says why in words, with dates as the app shows them and the thresholds it used', () => {
    expect(RECORD_FLAG_REASONS.backdated(31)).toBe('Entered 31 days after the activity date (more than 30).');
    expect(RECORD_FLAG_REASONS['on-leave']('2025-03-10', '2025-03-12')).toBe(
      "Dated during the resident's approved leave (10-03-2025 to 12-03-2025).",
    );
    expect(RECORD_FLAG_REASONS['high-volume'](7, 1.5)).toBe(
      "7 entries of this kind on one day: more than 3 times the department's usual most (1.5 a day, 95th percentile).",
    );
    expect(RECORD_FLAG_REASONS['before-joining']('2025-02-01')).toBe(
      "Dated before the resident's joining date (01-02-2025).",
    );
    // A repeat patient is told by the other case's date: the reason has no room for the Patient ID.
    expect(RECORD_FLAG_REASONS['repeat-patient'].length).toBe(1);
    expect(RECORD_FLAG_REASONS['repeat-patient']('2025-05-08')).toContain(
      `within ${FLAG_RULES.repeatPatientDays} days`,
    );
  });
});
