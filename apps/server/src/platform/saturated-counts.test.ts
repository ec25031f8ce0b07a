import { describe, expect, it } from 'vitest';
import { SaturatedCounts } from './saturated-counts';

describe('SaturatedCounts', () => {
  function counter(totals: number[]) {
    const calls = { n: 0 };
    const next = async () => totals[Math.min(calls.n++, totals.length - 1)] ?? 0;
    return { calls, next };
  }

  it('does not count a key again while its total is at the cap, and does after the while', async () => {
    const clock = { at: 1_000, now: () => clock.at };
    const counts = new SaturatedCounts({ ttlMs: 30_000, clock });
    const { calls, next } = counter([10_000, 9_000]);
    expect(await counts.upTo('all', 10_000, next)).toBe(10_000);
    clock.at += 29_999;
    expect(await counts.upTo('all', 10_000, next)).toBe(10_000);
    expect(calls.n).toBe(1);
    clock.at += 2;
    expect(await counts.upTo('all', 10_000, next)).toBe(9_000);
    expect(calls.n).toBe(2);
  });

  it('counts a total under its cap every time', async () => {
    const counts = new SaturatedCounts();
    const { calls, next } = counter([7, 6, 5]);
    expect([await counts.upTo('k', 10, next), await counts.upTo('k', 10, next)]).toEqual([7, 6]);
    expect(calls.n).toBe(2);
  });

  it('keeps keys and caps apart: another key or a bigger cap is counted', async () => {
    const counts = new SaturatedCounts();
    const { calls, next } = counter([10, 10, 15]);
    expect(await counts.upTo('department-a', 10, next)).toBe(10);
    expect(await counts.upTo('department-b', 10, next)).toBe(10);
    expect(await counts.upTo('department-a', 20, next)).toBe(15);
    expect(calls.n).toBe(3);
    expect(await counts.upTo('department-a', 10, next)).toBe(10);
    expect(calls.n).toBe(3);
  });

  it('remembers nothing when the count fails', async () => {
    const counts = new SaturatedCounts();
    await expect(
      counts.upTo('k', 10, async () => {
        throw new Error('database restarting');
      }),
    ).rejects.toThrow('database restarting');
    expect(await counts.upTo('k', 10, async () => 4)).toBe(4);
  });
});
