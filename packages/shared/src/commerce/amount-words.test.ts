import { describe, expect, it } from 'vitest';
import { amountInWords, numberInWords } from './amount-words';

/** Totals in words as Indian tax invoices print them (issue 28). */
describe('amountInWords', () => {
  it.each([
    [1_179_900, 'Rupees Eleven Thousand Seven Hundred Ninety-Nine Only'],
    [1_179_882, 'Rupees Eleven Thousand Seven Hundred Ninety-Eight and Eighty-Two Paise Only'],
    [353_882, 'Rupees Three Thousand Five Hundred Thirty-Eight and Eighty-Two Paise Only'],
    [100, 'Rupees One Only'],
    [5, 'Rupees Zero and Five Paise Only'],
    [0, 'Rupees Zero Only'],
    [10_000_000, 'Rupees One Lakh Only'],
    [1_000_000_000, 'Rupees One Crore Only'],
    [
      1_234_567_801,
      'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and One Paise Only',
    ],
    [11_000_000, 'Rupees One Lakh Ten Thousand Only'],
    [10_100, 'Rupees One Hundred One Only'],
    [2_000_000_000_000, 'Rupees Two Thousand Crore Only'],
  ])('%i paise: %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it('hyphenates the tens and names the teens', () => {
    expect(numberInWords(19)).toBe('Nineteen');
    expect(numberInWords(40)).toBe('Forty');
    expect(numberInWords(99_99_999)).toBe('Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine');
  });

  it('refuses what is not whole paise', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});
