import type { PendingRecord, PendingResident } from '@pgel/shared/records/api';

/** One resident's rows of a page of Pending Verifications, under what waits of theirs in all. */
export type PendingGroup = { resident: PendingResident; rows: PendingRecord[] };

/**
 * The page's rows grouped by resident (issue 30), each group where its resident's first row
 * comes: the server sends the longest waiting first, so the resident with the oldest entry leads
 * and the overdue come first. A resident the answer does not describe (it never leaves one out)
 * is described from their rows on the page. One pass over the page's rows.
 */
export function groupByResident(
  rows: readonly PendingRecord[],
  residents: readonly PendingResident[],
): PendingGroup[] {
  const described = new Map(residents.map((resident) => [resident.studentId, resident]));
  const byResident = new Map<string, PendingRecord[]>();
  for (const row of rows) {
    const own = byResident.get(row.studentId);
    if (own) own.push(row);
    else byResident.set(row.studentId, [row]);
  }
  return [...byResident].map(([studentId, own]) => ({
    resident: described.get(studentId) ?? fromRows(own),
    rows: own,
  }));
}

function fromRows(rows: readonly PendingRecord[]): PendingResident {
  const [first] = rows;
  const kinds = new Map<string, { kind: string; pending: number; oldestPendingSince: string }>();
  for (const row of rows) {
    const kind = kinds.get(row.kind);
    if (kind) kind.pending += 1;
    // Rows come oldest first: a kind's first row is its oldest.
    else kinds.set(row.kind, { kind: row.kind, pending: 1, oldestPendingSince: row.pendingSince });
  }
  return {
    studentId: first?.studentId ?? '',
    studentName: first?.studentName ?? '',
    pending: rows.length,
    oldestPendingSince: first?.pendingSince ?? '',
    kinds: [...kinds.values()],
  };
}
