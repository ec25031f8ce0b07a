import { residentPendingPath } from '@pgel/shared/records/paths';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { stubScreenWidth } from '../../../test/screen-width';
import { PendingVerifications } from './pending-verifications';

const ANIL = '00000000-0000-4000-8000-000000000041';
const BINA = '00000000-0000-4000-8000-000000000042';
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

const entry = (n: number, studentId: string, studentName: string, kind: string, days: number) => ({
  id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
  kind,
  studentId,
  studentName,
  summary: `Topic ${n}`,
  status: 'pending',
  date: '2026-11-20',
  flags: [],
  pendingSince: ago(days),
});

// The server's answer: the longest waiting first, Anil's and Bina's entries interleaved.
const PAGE = {
  items: [
    entry(1, ANIL, 'Anil Kumar', 'procedure', 12),
    entry(2, BINA, 'Bina Rao', 'teaching', 10),
    entry(3, ANIL, 'Anil Kumar', 'procedure', 3),
    entry(4, ANIL, 'Anil Kumar', 'opd', 1),
  ],
  total: 4,
  page: 1,
  pageSize: 10,
  residents: [
    {
      studentId: ANIL,
      studentName: 'Anil Kumar',
      pending: 50,
      oldestPendingSince: ago(12),
      kinds: [
        { kind: 'procedure', pending: 48, oldestPendingSince: ago(12) },
        { kind: 'opd', pending: 2, oldestPendingSince: ago(1) },
      ],
    },
    {
      studentId: BINA,
      studentName: 'Bina Rao',
      pending: 1,
      oldestPendingSince: ago(10),
      kinds: [{ kind: 'teaching', pending: 1, oldestPendingSince: ago(10) }],
    },
  ],
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(PAGE), { headers: { 'content-type': 'application/json' } }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Pending Verifications grouped by resident (issue 30)', () => {
  it('at 1366 px: a row group per resident in the order of their oldest entry, with a heading that counts and verifies', async () => {
    stubScreenWidth(1366);
    const { router } = renderWithApp(<PendingVerifications />);
    const anil = await screen.findByRole('rowgroup', { name: 'Anil Kumar' }, { timeout: 5000 });
    const bina = screen.getByRole('rowgroup', { name: 'Bina Rao' });
    expect(anil.compareDocumentPosition(bina) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Anil's three rows under his heading, in the server's order; Bina's one under hers.
    expect(
      within(anil)
        .getAllByRole('row', { name: /entry of Anil Kumar$/ })
        .map((row) => within(row).getByText(/^Topic/).textContent),
    ).toEqual(['Topic 1', 'Topic 3', 'Topic 4']);
    expect(within(bina).getAllByRole('row', { name: /entry of Bina Rao$/ })).toHaveLength(1);
    // All that waits of Anil, not only this page's rows, and how long the oldest has.
    expect(within(anil).getByText('50 pending · the oldest waiting 12 days')).toBeTruthy();
    // Overdue beside the heading (the oldest waits 12 days) and on the entry itself.
    const heading = within(anil).getByRole('heading', { level: 3, name: 'Anil Kumar' }).closest('th');
    if (!heading) throw new Error('no heading cell');
    expect(within(heading).getByText('Overdue').closest('[data-overdue]')?.textContent).toContain(
      'Waiting for verification for 12 days',
    );
    expect(within(bina).getByText('1 pending · waiting 10 days')).toBeTruthy();

    // A Verify per kind of theirs, named with the resident, opening that kind's report on them.
    const procedures = within(anil).getByRole('link', { name: 'Verify Procedures (48) of Anil Kumar' });
    expect(within(anil).getByRole('link', { name: 'Verify OPD Campus (2) of Anil Kumar' })).toBeTruthy();
    expect(procedures.getAttribute('href')).toBe(residentPendingPath('procedure', ANIL));
    fireEvent.click(procedures);
    expect(router.state.location.pathname).toBe('/task/procedure');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      student: ANIL,
      status: 'pending',
    });
  });

  it('at 390 px: a section per resident with its heading, cards and Verify buttons, in a touch-sized area', async () => {
    stubScreenWidth(390);
    const { container } = renderWithApp(<PendingVerifications />);
    const anil = await screen.findByRole('region', { name: 'Anil Kumar' }, { timeout: 5000 });
    expect(within(anil).getByRole('heading', { level: 3, name: 'Anil Kumar' })).toBeTruthy();
    expect(within(anil).getAllByRole('listitem')).toHaveLength(3);
    expect(within(anil).getByRole('link', { name: 'Verify Procedures (48) of Anil Kumar' })).toBeTruthy();
    // The card's area makes every button and field of it touch-sized on a phone (a stylesheet
    // happy-dom does not lay out; e2e/tests/pending-queue.spec.ts measures them in Chromium).
    expect(container.querySelector('section[aria-labelledby="pending-title"]')?.className).toMatch(/area/);
  });
});
