import { LRUCache } from 'lru-cache';

/** How long a total that reached its cap is taken to still be there. */
export const SATURATED_COUNT_MS = 30_000;
/** The most lists remembered at once (the oldest is forgotten first). */
const SATURATED_COUNT_KEYS = 5_000;

/** Milliseconds, counting from above 0 (lru-cache reads a start of 0 as "no expiry"). */
type Clock = { now(): number };

/**
 * Capped totals that reached their cap, remembered for SATURATED_COUNT_MS (issue 16): a list
 * whose total reads "10,000+" (Master's report of every department, 20 million records at
 * national scale) would otherwise read 10,000 rows on every page just to say so again, and that
 * count was most of the request's work. Only a saturated total is kept: a list under its cap is
 * counted on every request, so its total is exact and fresh; one at the cap may keep reading
 * "10,000+" for up to 30 seconds after deletions took it under, where its last page is then
 * short. Each app server has its own; the key must hold everything the count depends on (the
 * filter's shape and values, scope included).
 */
export class SaturatedCounts {
  private readonly saturated: LRUCache<string, true>;

  constructor(options: { ttlMs?: number; clock?: Clock } = {}) {
    this.saturated = new LRUCache<string, true>({
      max: SATURATED_COUNT_KEYS,
      ttl: options.ttlMs ?? SATURATED_COUNT_MS,
      // Checked on read against the clock itself (no cached "now", no timers), so an expired
      // key is never taken for a saturated one.
      ttlAutopurge: false,
      ttlResolution: 0,
      ...(options.clock ? { perf: options.clock } : {}),
    });
  }

  /** `count()` unless `key` reached `cap` lately; a result of `cap` or more is remembered. */
  async upTo(key: string, cap: number, count: () => Promise<number>): Promise<number> {
    const remembered = `${cap}|${key}`;
    if (this.saturated.get(remembered)) return cap;
    const total = await count();
    if (total >= cap) this.saturated.set(remembered, true);
    return total;
  }
}
