import { BONAFIDE_CHECK_MESSAGES, type BonafideCheck } from '@pgel/shared/reports/bonafide';
import { CHECK_MESSAGES, type DocumentCheck } from '@pgel/shared/reports/documents';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { type FakeRoute, fakeApi, PATIENTLY } from '../../records/components/test-support';
import { CheckDocumentPage } from './check-document-page';

const CODE = 'AB12CD34EF';
const ISSUED = 'a'.repeat(64);

function check(changes: Partial<DocumentCheck> = {}): DocumentCheck {
  return {
    code: CODE,
    state: 'genuine',
    studentName: 'Asha Nair',
    collegeName: 'GMC',
    departmentName: 'Medicine',
    periodFrom: '1 August 2024',
    periodTo: '1 August 2027',
    issuedAt: '20 November 2026',
    sections: [
      { key: 'procedures', title: 'Procedures', issued: 4, current: 4 },
      { key: 'leave', title: 'Leave Record', issued: 2, current: 2 },
    ],
    fingerprint: ISSUED,
    currentFingerprint: ISSUED,
    authenticatedMonths: [
      {
        month: '2026-10',
        label: 'October 2026',
        authenticatedBy: 'Dr. Rao',
        authenticatedOn: '5 November 2026',
        verifiedEntries: 4,
        fingerprint: `v2:${'c'.repeat(64)}`,
        changedAfterAuthentication: false,
      },
    ],
    ...changes,
  };
}

function renderCheck(code: string, routes: Record<string, FakeRoute>) {
  const sent = fakeApi(routes);
  renderWithApp(
    <Routes>
      <Route path="/check/:code" element={<CheckDocumentPage />} />
    </Routes>,
    { initialUrl: `/check/${code}` },
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CheckDocumentPage', () => {
  it('says a genuine document is genuine, without a session', async () => {
    const sent = renderCheck(CODE, { [`GET /check/${CODE}`]: { status: 200, body: check() } });
    expect(screen.getByRole('heading', { level: 1, name: CHECK_MESSAGES.title })).toBeTruthy();
    const banner = await screen.findByText(CHECK_MESSAGES.genuine, {}, PATIENTLY);
    expect(banner.closest('[data-state]')?.getAttribute('data-state')).toBe('genuine');
    expect(screen.getByText(CHECK_MESSAGES.genuineText)).toBeTruthy();
    expect(screen.getByText('1 August 2024 to 1 August 2027')).toBeTruthy();
    expect(screen.getByText('20 November 2026')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Verified entries per section' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Section', 'Verified when issued', 'Verified now']);
    expect(screen.getAllByText(ISSUED)).toHaveLength(2);
    // The authenticated months (issue 30): who signed each, and when.
    const months = screen.getByRole('table', { name: 'Authenticated months' });
    expect(within(months).getByRole('row', { name: /October 2026/ }).textContent).toContain(
      'Dr. Rao, 5 November 2026',
    );
    // Only the check itself is asked: no /auth/me, no session.
    expect(sent.map((request) => request.path)).toEqual([`/check/${CODE}`]);
  });

  it('warns in red when the logbook changed since issue; a lower-case code still works', async () => {
    renderCheck(CODE.toLowerCase(), {
      [`GET /check/${CODE}`]: {
        status: 200,
        body: check({
          state: 'changed',
          sections: [{ key: 'leave', title: 'Leave Record', issued: 2, current: 3 }],
          currentFingerprint: 'b'.repeat(64),
        }),
      },
    });
    const banner = await screen.findByText(CHECK_MESSAGES.changed, {}, PATIENTLY);
    expect(banner.closest('[data-state]')?.getAttribute('data-state')).toBe('changed');
    expect(screen.getByText(CHECK_MESSAGES.changedText)).toBeTruthy();
    expect(screen.queryByText(CHECK_MESSAGES.genuine)).toBeNull();
    const row = screen.getByRole('row', { name: /Leave Record/ });
    expect(row.getAttribute('data-changed')).toBe('true');
    expect(screen.getByText('b'.repeat(64))).toBeTruthy();
  });

  it('says a Bonafide Certificate is genuine, with whose it is, its reference and issue date', async () => {
    const certificate: BonafideCheck = {
      kind: 'bonafide',
      code: CODE,
      state: 'genuine',
      reference: 'BON/2026-27/000042',
      studentName: 'Asha Nair',
      collegeName: 'GMC Kozhikode',
      departmentName: 'Medicine',
      issuedOn: '5 May 2026',
      revokedAt: null,
    };
    renderCheck(CODE, { [`GET /check/${CODE}`]: { status: 200, body: certificate } });
    const banner = await screen.findByText(BONAFIDE_CHECK_MESSAGES.genuine, {}, PATIENTLY);
    expect(banner.closest('[data-state]')?.getAttribute('data-state')).toBe('genuine');
    expect(screen.getByRole('heading', { level: 1, name: BONAFIDE_CHECK_MESSAGES.title })).toBeTruthy();
    expect(screen.getByText(BONAFIDE_CHECK_MESSAGES.genuineText)).toBeTruthy();
    for (const text of ['Asha Nair', 'GMC Kozhikode', 'BON/2026-27/000042', '5 May 2026']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    // Not a logbook: no entries table.
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says a withdrawn Bonafide Certificate is revoked', async () => {
    renderCheck(CODE, {
      [`GET /check/${CODE}`]: {
        status: 200,
        body: {
          kind: 'bonafide',
          code: CODE,
          state: 'revoked',
          reference: 'BON/2026-27/000042',
          studentName: 'Asha Nair',
          collegeName: 'GMC Kozhikode',
          departmentName: 'Medicine',
          issuedOn: '5 May 2026',
          revokedAt: '2026-06-01T10:00:00.000Z',
        } satisfies BonafideCheck,
      },
    });
    const banner = await screen.findByText(BONAFIDE_CHECK_MESSAGES.revoked, {}, PATIENTLY);
    expect(banner.closest('[data-state]')?.getAttribute('data-state')).toBe('revoked');
    expect(screen.getByText(BONAFIDE_CHECK_MESSAGES.revokedText)).toBeTruthy();
    expect(screen.getByText('1 June 2026')).toBeTruthy();
    expect(screen.queryByText(BONAFIDE_CHECK_MESSAGES.genuine)).toBeNull();
  });

  it('says no document has an unknown code', async () => {
    renderCheck(CODE, {
      [`GET /check/${CODE}`]: { status: 404, body: { code: 'not_found', message: 'Not found' } },
    });
    expect(await screen.findByText(CHECK_MESSAGES.notFound, {}, PATIENTLY)).toBeTruthy();
  });

  it('does not ask the server about a malformed code', async () => {
    const sent = renderCheck('not-a-code', {});
    expect(await screen.findByText(CHECK_MESSAGES.notFound, {}, PATIENTLY)).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
