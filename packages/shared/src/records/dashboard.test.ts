import { describe, expect, it } from 'vitest';
import { CHECKLIST_PARTICULARS, CHECKLIST_TARGET, checklistProgress } from './dashboard';

describe('checklistProgress: the Mandatory Checklist card counts particulars (issue 10)', () => {
  it('counts each particular once, in the status of its best entry', () => {
    expect(
      checklistProgress([
        { particular: 'GCP', status: 'rejected' },
        { particular: 'GCP', status: 'pending' },
        { particular: 'BLS & ACLS', status: 'approved' },
        { particular: 'BLS & ACLS', status: 'pending' },
        { particular: 'PG Induction', status: 'rejected' },
      ]),
    ).toEqual({ total: 3, approved: 1, pending: 1, rejected: 1 });
  });

  it('never goes above 8, and ignores values that are not particulars', () => {
    const all = CHECKLIST_PARTICULARS.map((particular) => ({ particular, status: 'approved' as const }));
    const counts = checklistProgress([
      ...all,
      { particular: 'GCP', status: 'pending' },
      { particular: 'Something else', status: 'approved' },
      { particular: undefined, status: 'approved' },
    ]);
    expect(counts).toEqual({ total: CHECKLIST_TARGET, approved: 8, pending: 0, rejected: 0 });
  });
});
