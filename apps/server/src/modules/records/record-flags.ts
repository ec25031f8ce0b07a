import {
  FLAG_RULES,
  type FlagCounts,
  RECORD_FLAG_REASONS as R,
  type RecordFlag,
} from '@pgel/shared/records/flags';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../../db/client';
import * as repo from './record-flags.repository';

/**
 * Doubtful entries (issue 27), flagged, never refused: a save never waits for these rules, they
 * run when entries are shown. The rules, in RECORD_FLAG_CODES order:
 * - backdated: entered more than 30 days after the activity's date (India's calendar);
 * - on-leave: dated on a day of the resident's own approved leave (a leave itself excepted);
 * - high-volume: more entries of one kind on one day than 3 times the department's 95th
 *   percentile of entries of that kind per resident and day;
 * - repeat-patient: a clinical case with the same Patient ID as another of the resident's within
 *   7 days either way (the reason gives the other case's date, never the Patient ID);
 * - before-joining: dated before the resident's joining date.
 * A page's flags cost one statement for its rows, plus one per department and kind whose
 * percentile is needed and not remembered: only a day with more than 3 entries of a kind can be
 * high volume (the percentile is at least 1), so most pages need none.
 */

/** How long a department's percentile of a kind is taken as it is (it moves slowly). */
const PERCENTILE_TTL_MS = 10 * 60_000;
/** How long a department's counts per student are shown again before they are counted anew. */
const COUNTS_TTL_MS = 60_000;

/** Milliseconds, counting from above 0 (lru-cache reads a start of 0 as "no expiry"). */
type Clock = { now(): number };

type Caches = { percentiles: LRUCache<string, number>; counts: LRUCache<string, FlagCounts['items']> };

/** One set of caches per database, shared by the services that show flags (each app server its own). */
const cachesByDb = new WeakMap<Executor, Caches>();

function cachesOf(db: Executor, clock?: Clock): Caches {
  let caches = cachesByDb.get(db);
  if (!caches) {
    const options = { ttlAutopurge: false, ttlResolution: 0, ...(clock ? { perf: clock } : {}) };
    caches = {
      percentiles: new LRUCache<string, number>({ max: 20_000, ttl: PERCENTILE_TTL_MS, ...options }),
      counts: new LRUCache<string, FlagCounts['items']>({ max: 1_000, ttl: COUNTS_TTL_MS, ...options }),
    };
    cachesByDb.set(db, caches);
  }
  return caches;
}

/** The flags of one record from its facts; `usualMost` is its department's percentile of its kind. */
export function flagsOf(facts: repo.FlagFacts, usualMost: number | undefined): RecordFlag[] {
  const flags: RecordFlag[] = [];
  if (facts.enteredAfter !== null && facts.enteredAfter > FLAG_RULES.backdatedDays) {
    flags.push({ code: 'backdated', reason: R.backdated(facts.enteredAfter) });
  }
  if (facts.leaveFrom !== null && facts.leaveTo !== null) {
    flags.push({ code: 'on-leave', reason: R['on-leave'](facts.leaveFrom, facts.leaveTo) });
  }
  if (usualMost !== undefined && facts.sameDay > FLAG_RULES.highVolumeFactor * usualMost) {
    flags.push({ code: 'high-volume', reason: R['high-volume'](facts.sameDay, usualMost) });
  }
  if (facts.repeatOn !== null) {
    flags.push({ code: 'repeat-patient', reason: R['repeat-patient'](facts.repeatOn) });
  }
  if (facts.date !== null && facts.joiningDate !== null && facts.date < facts.joiningDate) {
    flags.push({ code: 'before-joining', reason: R['before-joining'](facts.joiningDate) });
  }
  return flags;
}

/** Whether a day's count could be high volume at all: the percentile is never under 1. */
const mayBeBusy = (facts: repo.FlagFacts) => facts.sameDay > FLAG_RULES.highVolumeFactor;

/**
 * The flags of the records shown: a page of a report table, the Pending Verifications, /reports or
 * one record's detail. Callers pass only ids they already read in the caller's scope.
 */
export class RecordFlags {
  private readonly caches: Caches;

  constructor(
    private readonly db: Executor,
    options: { clock?: Clock } = {},
  ) {
    this.caches = cachesOf(db, options.clock);
  }

  /** Each record's flags (none for an id not found), in a few set-based statements. */
  async forRecords(ids: readonly string[]): Promise<Map<string, RecordFlag[]>> {
    const flags = new Map<string, RecordFlag[]>();
    if (ids.length === 0) return flags;
    const facts = await repo.flagFacts(this.db, [...new Set(ids)]);
    const percentiles = new Map<string, number>();
    for (const fact of facts) {
      if (!mayBeBusy(fact)) continue;
      const key = `${fact.collegeId}:${fact.departmentId}:${fact.kind}`;
      if (percentiles.has(key)) continue;
      percentiles.set(key, await this.percentile(key, fact));
    }
    for (const fact of facts) {
      const usualMost = percentiles.get(`${fact.collegeId}:${fact.departmentId}:${fact.kind}`);
      flags.set(fact.id, flagsOf(fact, usualMost));
    }
    return flags;
  }

  /** A department's flagged records counted per student and flag (the HOD's view), most first. */
  async countsPerStudent(scope: { collegeId: string; departmentId: string }): Promise<FlagCounts['items']> {
    const key = `${scope.collegeId}:${scope.departmentId}`;
    const remembered = this.caches.counts.get(key);
    if (remembered) return remembered;
    const rows = await repo.countFlagsPerStudent(this.db, scope);
    const items = rows.map((row) => ({
      studentId: row.studentId,
      studentName: row.studentName,
      total: row.total,
      counts: {
        backdated: row.backdated,
        'on-leave': row.onLeave,
        'high-volume': row.highVolume,
        'repeat-patient': row.repeatPatient,
        'before-joining': row.beforeJoining,
      },
    }));
    this.caches.counts.set(key, items);
    return items;
  }

  private async percentile(key: string, fact: repo.FlagFacts): Promise<number> {
    const remembered = this.caches.percentiles.get(key);
    if (remembered !== undefined) return remembered;
    const value = await repo.dailyPercentile(this.db, {
      collegeId: fact.collegeId,
      departmentId: fact.departmentId,
      kind: fact.kind,
    });
    this.caches.percentiles.set(key, value);
    return value;
  }
}
