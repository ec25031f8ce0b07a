import { PRINT_MESSAGES, PRINT_SECTIONS } from '@pgel/shared/reports/print';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeUser } from '../../../lib/session';
import { sessionUser } from '../../../test/session-user';
import {
  type FakeRoute,
  fakeApi,
  PATIENTLY,
  pickOption,
  readDialog,
  withModals,
} from '../../records/components/test-support';
import { FIXTURE_STUDENT_ID, printLogbook } from './components/print-fixture';
import { PrintLogbookPage } from './print-logbook-page';

const HOD = sessionUser({ id: '00000000-0000-4000-8000-0000000000f2', name: 'Dr. Rao', role: 'hod' });
const STUDENTS: FakeRoute = {
  status: 200,
  body: {
    items: [{ id: FIXTURE_STUDENT_ID, name: 'Asha Nair', departmentName: 'Medicine', collegeName: 'GMC' }],
  },
};
const LOGBOOK: FakeRoute = { status: 200, body: printLogbook() };

function renderAs(who: SessionUser, routes: Record<string, FakeRoute> = {}) {
  storeUser(who);
  const sent = fakeApi({ 'GET /auth/me': { status: 200, body: { user: who } }, ...routes });
  withModals(<PrintLogbookPage />, { initialUrl: '/printLogbook' });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('PrintLogbookPage', () => {
  it('staff: Print and Download ask for a student first', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderAs(HOD, { 'GET /print-logbook/students?search=': STUDENTS });
    fireEvent.click(await screen.findByRole('button', { name: 'Print Logbook' }, PATIENTLY));
    expect((await readDialog('Validation Failed')).textContent).toContain(PRINT_MESSAGES.selectStudent);
    fireEvent.click(screen.getByRole('button', { name: 'Download verifiable PDF' }));
    expect((await readDialog('Validation Failed')).textContent).toContain(PRINT_MESSAGES.selectStudent);
    expect(open).not.toHaveBeenCalled();
  });

  it('staff: a chosen student is previewed, printed in a new window and offered as a PDF', async () => {
    const open = vi.fn(() => ({}) as Window);
    vi.stubGlobal('open', open);
    const sent = renderAs(HOD, {
      'GET /print-logbook/students?search=': STUDENTS,
      [`GET /print-logbook/${FIXTURE_STUDENT_ID}`]: LOGBOOK,
    });
    await pickOption('Student', /^Asha Nair/);
    const preview = await screen.findByRole('region', { name: 'Logbook preview' }, PATIENTLY);
    await within(preview).findByRole('heading', { level: 2, name: 'Cover' }, PATIENTLY);
    // The 22 sections, then the authenticated months (issue 30).
    expect(within(preview).getAllByRole('heading', { level: 2 })).toHaveLength(PRINT_SECTIONS.length + 1);

    fireEvent.click(screen.getByRole('button', { name: 'Print Logbook' }));
    expect(open).toHaveBeenCalledWith(`/printLogbook/${FIXTURE_STUDENT_ID}/print`, '_blank');
    fireEvent.click(screen.getByRole('button', { name: 'Download verifiable PDF' }));
    await waitFor(() =>
      expect(sent.map((request) => request.path)).toContain(`/print-logbook/${FIXTURE_STUDENT_ID}/pdf`),
    );
  });

  it('student: prints their own logbook without a picker, and says when the window is blocked', async () => {
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    const sent = renderAs(sessionUser(), { [`GET /print-logbook/${FIXTURE_STUDENT_ID}`]: LOGBOOK });
    await screen.findByRole('region', { name: 'Logbook preview' }, PATIENTLY);
    expect(
      screen.getByText(
        (_, element) => element?.textContent === 'Student: Asha Nair' && element.tagName === 'P',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Student' })).toBeNull();
    expect(sent.some((request) => request.path.startsWith('/print-logbook/students'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Print Logbook' }));
    expect((await readDialog('Error')).textContent).toContain(PRINT_MESSAGES.printFailed);
  });

  it('refuses a DRP coordinator, who prints no logbooks', async () => {
    renderAs(sessionUser({ role: 'drp_coordinator', department: null }));
    expect(await screen.findByText(PRINT_MESSAGES.notAllowed, {}, PATIENTLY)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Print Logbook' })).toBeNull();
  });
});
