import { describe, expect, it } from 'vitest';
import { parseDisplayDate } from './date-field';

describe('parseDisplayDate', () => {
  it.each([
    ['15-08-1995', '1995-08-15'],
    ['5-8-1995', '1995-08-05'],
    ['15/08/1995', '1995-08-15'],
    ['15.08.1995', '1995-08-15'],
    ['1995-08-15', '1995-08-15'],
    [' 29-02-2024 ', '2024-02-29'],
  ])('reads %j as %s', (text, iso) => {
    expect(parseDisplayDate(text)).toBe(iso);
  });

  it.each(['', '15-08-199', '15-08', '31-02-2024', '29-02-2023', '00-01-2020', '12-13-2020', 'abc'])(
    'refuses %j',
    (text) => {
      expect(parseDisplayDate(text)).toBeNull();
    },
  );
});
