import type { PendingRecord, PendingResident } from '@pgel/shared/records/api';
import { describe, expect, it } from 'vitest';
import { groupByResident } from './pending-groups';

const ANIL = '00000000-0000-4000-8000-000000000041';
const BINA = '00000000-0000-4000-8000-000000000042';

let serial = 0;
function row(studentId: string, studentName: string, kind: string, pendingSince: string): PendingRecord {
  serial += 1;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    kind,
    studentId,
    studentName,
    summary: null,
    status: 'pending',
    date: '2026-11-20',
    flags: [],
    pendingSince,
  };
}

const resident = (studentId: string, studentName: string, pending: number): PendingResident => ({
  studentId,
  studentName,
  pending,
  oldestPendingSince: '2026-11-01T00:00:00.000Z',
  kinds: [{ kind: 'teaching', pending, oldestPendingSince: '2026-11-01T00:00:00.000Z' }],
});

describe('Pending Verifications grouped by resident (issue 30)', () => {
  it("keeps the server's order of residents (the longest waiting first) and each resident's rows in order", () => {
    // The server's order: Anil's oldest, Bina's, Anil's next, Bina's next.
    const rows = [
      row(ANIL, 'Anil Kumar', 'teaching', '2026-11-01T00:00:00.000Z'),
      row(BINA, 'Bina Rao', 'opd', '2026-11-02T00:00:00.000Z'),
      row(ANIL, 'Anil Kumar', 'procedure', '2026-11-03T00:00:00.000Z'),
      row(BINA, 'Bina Rao', 'opd', '2026-11-04T00:00:00.000Z'),
      row(ANIL, 'Anil Kumar', 'teaching', '2026-11-05T00:00:00.000Z'),
    ];
    const groups = groupByResident(rows, [resident(ANIL, 'Anil Kumar', 40), resident(BINA, 'Bina Rao', 2)]);
    expect(groups.map((group) => group.resident.studentName)).toEqual(['Anil Kumar', 'Bina Rao']);
    expect(groups[0]?.rows).toEqual([rows[0], rows[2], rows[4]]);
    expect(groups[1]?.rows).toEqual([rows[1], rows[3]]);
    // The heading counts all that waits of the resident, not only the page's rows.
    expect(groups[0]?.resident.pending).toBe(40);
  });

  it('describes a resident the answer left out from their rows on the page', () => {
    const rows = [
      row(BINA, 'Bina Rao', 'opd', '2026-11-02T00:00:00.000Z'),
      row(BINA, 'Bina Rao', 'teaching', '2026-11-03T00:00:00.000Z'),
      row(BINA, 'Bina Rao', 'opd', '2026-11-04T00:00:00.000Z'),
    ];
    const [group] = groupByResident(rows, []);
    expect(group?.resident).toEqual({
      studentId: BINA,
      studentName: 'Bina Rao',
      pending: 3,
      oldestPendingSince: '2026-11-02T00:00:00.000Z',
      kinds: [
        { kind: 'opd', pending: 2, oldestPendingSince: '2026-11-02T00:00:00.000Z' },
        { kind: 'teaching', pending: 1, oldestPendingSince: '2026-11-03T00:00:00.000Z' },
      ],
    });
  });

  it('an empty page has no groups', () => {
    expect(groupByResident([], [])).toEqual([]);
  });
});
