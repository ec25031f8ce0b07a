import { PRINT_ANNEXURE, PRINT_MESSAGES, PRINT_SECTIONS } from '@pgel/shared/reports/print';
import {
  AUTHENTICATED_MONTHS_TITLE,
  MONTH_AUTHENTICATION_MESSAGES,
} from '@pgel/shared/supervision/month-authentication';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { fakeApi, PATIENTLY } from '../../records/components/test-support';
import { FIXTURE_STUDENT_ID, printLogbook } from './components/print-fixture';
import { PrintLogbookSheetPage } from './print-logbook-sheet-page';

const SHEET_URL = `/printLogbook/${FIXTURE_STUDENT_ID}/print`;

function renderSheet(body: unknown, { autoPrint = false } = {}) {
  fakeApi({ [`GET /print-logbook/${FIXTURE_STUDENT_ID}`]: { status: 200, body } });
  return renderWithApp(
    <Routes>
      <Route
        path="/printLogbook/:studentId/print"
        element={<PrintLogbookSheetPage autoPrint={autoPrint} />}
      />
    </Routes>,
    { initialUrl: SHEET_URL },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PrintLogbookSheetPage', () => {
  it('marks amended entries with the day: an Amended column when verified again, the Status cell when pending', async () => {
    const logbook = printLogbook();
    const leave = logbook.sections.find((section) => section.key === 'leave')?.blocks[0];
    if (leave?.type !== 'table') throw new Error('no leave table');
    const [verifiedRow] = leave.verified;
    const [pendingRow] = leave.unverified;
    if (!verifiedRow || !pendingRow) throw new Error('no leave rows');
    verifiedRow.amendedOn = '05-03-2025';
    pendingRow.amendedOn = '06-04-2025';
    renderSheet(logbook);
    const region = await screen.findByRole('region', { name: 'Leave Record' }, PATIENTLY);
    const verified = within(region).getByRole('table', { name: 'Leave Record' });
    expect(within(verified).getByRole('columnheader', { name: 'Amended' })).toBeTruthy();
    expect(within(verified).getByRole('cell', { name: 'Amended 05-03-2025' })).toBeTruthy();
    const unverified = within(region).getByRole('table', { name: PRINT_MESSAGES.unverifiedCaption });
    expect(within(unverified).queryByRole('columnheader', { name: 'Amended' })).toBeNull();
    const rows = within(unverified).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.lastElementChild?.textContent)).toEqual([
      'Pending (amended 06-04-2025)',
      'Rejected',
    ]);
  });

  it('renders the 22 sections as h2 headings in order, then the annexure and the authenticated months', async () => {
    renderSheet(printLogbook({ withAnnexure: true }));
    await screen.findByRole('heading', { level: 2, name: 'Cover' }, PATIENTLY);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual([
      ...PRINT_SECTIONS.map((section) => section.title),
      PRINT_ANNEXURE.title,
      AUTHENTICATED_MONTHS_TITLE,
    ]);
    // Each authenticated month with its signer, day and whether it changed since (issue 30).
    const months = screen.getByRole('region', { name: AUTHENTICATED_MONTHS_TITLE });
    expect(within(months).getByRole('row', { name: /October 2026/ }).textContent).toContain(
      MONTH_AUTHENTICATION_MESSAGES.changedLabel,
    );
    // The cover names the college (with its logo), the student and the period.
    expect(screen.getByRole('img', { name: 'GMC logo' }).getAttribute('src')).toBe('/api/v1/files/logo.png');
    expect(screen.getByText('Period: 1 August 2024 to 1 August 2027')).toBeTruthy();
  });

  it('prints verified rows apart from the pending and rejected ones, and says when a section is empty', async () => {
    renderSheet(printLogbook());
    const leave = await screen.findByRole('region', { name: 'Leave Record' }, PATIENTLY);
    expect(within(leave).getAllByRole('table')).toHaveLength(2);
    const verified = within(leave).getByRole('table', { name: 'Leave Record' });
    const unverified = within(leave).getByRole('table', { name: PRINT_MESSAGES.unverifiedCaption });
    expect(within(verified).getAllByRole('row')).toHaveLength(2);
    expect(within(verified).getByText('Wedding')).toBeTruthy();
    expect(within(verified).queryByRole('columnheader', { name: 'Status' })).toBeNull();
    expect(within(verified).queryByText('Fever')).toBeNull();

    expect(unverified.querySelector('caption')?.textContent).toBe(PRINT_MESSAGES.unverifiedCaption);
    expect(within(unverified).getByRole('columnheader', { name: 'Status' })).toBeTruthy();
    const rows = within(unverified).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.lastElementChild?.textContent)).toEqual(['Pending', 'Rejected']);
    // Column headings sit in a thead, so a long table repeats them on every printed page.
    expect(unverified.querySelector('thead th')?.textContent).toBe('From');

    // A table without rows and a section without blocks both say so.
    const procedures = screen.getByRole('region', { name: 'Procedures' });
    expect(within(procedures).getByText(PRINT_MESSAGES.noEntries)).toBeTruthy();
    expect(within(procedures).queryByRole('table')).toBeNull();
    const memos = screen.getByRole('region', { name: 'Memos Issued' });
    expect(within(memos).getByText(PRINT_MESSAGES.noEntries)).toBeTruthy();
  });

  it('opens the print dialog once when the logbook has loaded', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderSheet(
      { ...printLogbook(), college: { ...printLogbook().college, logoUrl: null } },
      { autoPrint: true },
    );
    await screen.findByRole('heading', { level: 2, name: 'Cover' }, PATIENTLY);
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1), PATIENTLY);
    expect(document.title).toBe('Logbook - Asha Nair');
  });

  it('shows the server message when the logbook cannot be read', async () => {
    fakeApi({
      [`GET /print-logbook/${FIXTURE_STUDENT_ID}`]: {
        status: 404,
        body: { code: 'not_found', message: PRINT_MESSAGES.studentNotFound },
      },
    });
    renderWithApp(
      <Routes>
        <Route path="/printLogbook/:studentId/print" element={<PrintLogbookSheetPage autoPrint={false} />} />
      </Routes>,
      { initialUrl: SHEET_URL },
    );
    expect((await screen.findByRole('alert', {}, PATIENTLY)).textContent).toBe(
      PRINT_MESSAGES.studentNotFound,
    );
  });
});
