import { FORENSIC_MESSAGES } from '@pgel/shared/records/kinds/forensic';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeUser } from '../../../lib/session';
import { sessionUser } from '../../../test/session-user';
import { fakeApi, PATIENTLY, withModals } from '../../records/components/test-support';
import { ForensicReportPage } from './forensic-report-page';

function department(name: string): SessionUser['department'] {
  return { id: '00000000-0000-4000-8000-0000000000c2', name, url: null, refNo: null, refDate: null };
}

function renderAs(who: SessionUser, kindId: string) {
  storeUser(who);
  const sent = fakeApi({
    'GET /auth/me': { status: 200, body: { user: who } },
  });
  withModals(<ForensicReportPage kindId={kindId} />, { initialUrl: '/forn/medico' });
  return sent;
}

const recordCalls = (sent: { path: string }[]) =>
  sent.filter((request) => request.path.startsWith('/records'));

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('ForensicReportPage', () => {
  it.each([
    ['a General Medicine resident', sessionUser({ department: department('General Medicine') })],
    ['a General Medicine HOD', sessionUser({ role: 'hod', department: department('General Medicine') })],
    ['a DRP coordinator', sessionUser({ role: 'drp_coordinator', college: null, department: null })],
  ])('shows %s the no-access panel and calls no records API', async (_, who) => {
    const sent = renderAs(who, 'medico-legal');
    expect(await screen.findByText('You do not have access to this page.', {}, PATIENTLY)).toBeTruthy();
    expect(screen.getByText(FORENSIC_MESSAGES.notForensic)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Medico-legal Autopsy' })).toBeTruthy();
    expect(recordCalls(sent)).toEqual([]);
  });

  it('opens the record list for the Forensic Medicine department, whatever the case of its name', async () => {
    const sent = renderAs(sessionUser({ department: department(' forensic medicine ') }), 'crime-scene');
    await waitFor(() => expect(recordCalls(sent).length).toBeGreaterThan(0), PATIENTLY);
    expect(screen.queryByText('You do not have access to this page.')).toBeNull();
  });
});
