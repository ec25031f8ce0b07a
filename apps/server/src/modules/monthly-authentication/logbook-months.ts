import { findKind } from '@pgel/shared/records/kinds';
import type {
  LogbookMonth,
  MonthKindCount,
  MonthSignature,
} from '@pgel/shared/supervision/month-authentication';
import {
  addMonths,
  authenticationDueDate,
  COURSE_MONTHS,
  indiaMonth,
  monthLabel,
  monthOfDate,
  monthState,
  monthsBetween,
} from '@pgel/shared/supervision/months';
import type { SignatureRow } from './monthly-authentication.repository';

/** Entries of one month, kind and status, as `countByMonth` answers. */
export type MonthCountRow = { month: string; kind: string; status: string; total: number };

/** The kind's title for people; a kind no longer in the registry shows its id. */
export function kindTitle(kind: string): string {
  return findKind(kind)?.menuTitle ?? kind;
}

/** Counts per kind, by status, kinds in title order. */
export function kindCounts(
  rows: ReadonlyArray<{ kind: string; status: string; total: number }>,
): MonthKindCount[] {
  const byKind = new Map<string, MonthKindCount>();
  for (const row of rows) {
    const entry = byKind.get(row.kind) ?? {
      kind: row.kind,
      title: kindTitle(row.kind),
      pending: 0,
      approved: 0,
      rejected: 0,
    };
    if (row.status === 'approved') entry.approved += row.total;
    else if (row.status === 'rejected') entry.rejected += row.total;
    else entry.pending += row.total;
    byKind.set(row.kind, entry);
  }
  return [...byKind.values()].sort((a, b) => a.title.localeCompare(b.title));
}

export function signatureOf(row: SignatureRow): MonthSignature {
  return {
    id: row.id,
    authenticatedBy: { id: row.authenticatedById, name: row.authenticatedByName },
    authenticatedAt: row.authenticatedAt.toISOString(),
    fingerprint: row.fingerprint,
    verifiedEntries: row.verifiedEntries,
    changedAt: row.changedAt ? row.changedAt.toISOString() : null,
  };
}

/** One month with its entries' counts, its signature and its state at `now`. */
export function logbookMonth(
  month: string,
  kinds: MonthKindCount[],
  signature: SignatureRow | undefined,
  now: Date,
): LogbookMonth {
  const sum = (pick: (k: MonthKindCount) => number) => kinds.reduce((total, k) => total + pick(k), 0);
  const pending = sum((k) => k.pending);
  const approved = sum((k) => k.approved);
  const rejected = sum((k) => k.rejected);
  return {
    month,
    label: monthLabel(month),
    state: monthState(month, signature !== undefined, now),
    changedAfterAuthentication: signature?.changedAt != null,
    dueBy: authenticationDueDate(month),
    entries: { total: pending + approved + rejected, pending, approved, rejected },
    kinds,
    authentication: signature ? signatureOf(signature) : null,
  };
}

/**
 * The months a resident's page and strip show: the course's 36 from the joining month (the
 * months not begun yet as upcoming), or without a joining date from the first month with an
 * entry or a signature up to the current one; and any other month holding entries or a
 * signature (entries dated before joining). Oldest first.
 */
export function courseMonths(joiningDate: string | null, occupied: readonly string[], now: Date): string[] {
  const current = indiaMonth(now);
  const months = new Set<string>(occupied);
  if (joiningDate) {
    const first = monthOfDate(joiningDate);
    for (const month of monthsBetween(first, addMonths(first, COURSE_MONTHS - 1))) months.add(month);
  } else {
    const first = [...occupied].sort()[0] ?? current;
    for (const month of monthsBetween(first < current ? first : current, current)) months.add(month);
  }
  return [...months].sort();
}

/** Every month of the resident, from the counts of their entries and their live signatures. */
export function logbookMonths(
  joiningDate: string | null,
  counts: readonly MonthCountRow[],
  signatures: readonly SignatureRow[],
  now: Date,
): LogbookMonth[] {
  const countsByMonth = new Map<string, MonthCountRow[]>();
  for (const row of counts) {
    const list = countsByMonth.get(row.month);
    if (list) list.push(row);
    else countsByMonth.set(row.month, [row]);
  }
  const signatureByMonth = new Map(signatures.map((s) => [s.month, s]));
  const months = courseMonths(joiningDate, [...countsByMonth.keys(), ...signatureByMonth.keys()], now);
  return months.map((month) =>
    logbookMonth(month, kindCounts(countsByMonth.get(month) ?? []), signatureByMonth.get(month), now),
  );
}
