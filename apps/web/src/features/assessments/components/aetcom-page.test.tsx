import { AETCOM_SKILLS, type AetcomRecord } from '@pgel/shared/academic/aetcom';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeUser } from '../../../lib/session';
import { sessionUser } from '../../../test/session-user';
import { type FakeRoute, fakeApi, PATIENTLY, withModals } from '../../records/components/test-support';
import { AetcomPage } from './aetcom-page';

const STUDENT_ID = '00000000-0000-4000-8000-0000000000f1';
const STAFF_ID = '00000000-0000-4000-8000-0000000000f2';
const student = { id: STUDENT_ID, name: 'Asha Nair' };

function year(n: number, id: string): AetcomRecord {
  return {
    id,
    student,
    year: n,
    fromDate: `${2022 + n}-01-01`,
    toDate: `${2023 + n}-01-01`,
    scores: Object.fromEntries(AETCOM_SKILLS.map((skill) => [skill.key, 5])),
    average: 5,
    scoredBy: { id: STAFF_ID, name: 'Dr. Rao' },
    scoredAt: `${2023 + n}-01-02T10:00:00.000Z`,
  };
}
const first = year(1, '00000000-0000-4000-8000-0000000000a1');
const second = year(2, '00000000-0000-4000-8000-0000000000a2');

function renderAs(who: SessionUser, routes: Record<string, FakeRoute>, initialUrl: string) {
  storeUser(who);
  fakeApi({
    'GET /auth/me': { status: 200, body: { user: who } },
    'GET /students?page=1&pageSize=20&sort=name': {
      status: 200,
      body: { items: [], total: 0, page: 1, pageSize: 20 },
    },
    ...routes,
  });
  return withModals(<AetcomPage />, { initialUrl });
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

/** Each year's accordion control: whether it is open and whether it is the linked one. */
function yearState(n: number) {
  const control = screen.getByRole('button', { name: new RegExp(`^Year ${n}\\b`) });
  const item = control.closest('[aria-current]');
  return { open: control.getAttribute('aria-expanded') === 'true', linked: item !== null };
}

describe('AetcomPage', () => {
  it('opens the year a /reports row links to, and follows Back and Forward to another linked year', async () => {
    const { router } = renderAs(
      sessionUser({ id: STAFF_ID, name: 'Dr. Rao', role: 'professor' }),
      {
        [`GET /aetcom?studentId=${STUDENT_ID}`]: {
          status: 200,
          body: { student, items: [second, first], nextYear: 3, nextFromDate: null },
        },
      },
      `/atcom?student=${STUDENT_ID}&entry=${first.id}`,
    );
    await screen.findByRole('heading', { name: 'Aetcom records: Asha Nair' }, PATIENTLY);
    await waitFor(() => expect(yearState(1)).toEqual({ open: true, linked: true }), PATIENTLY);
    expect(yearState(2)).toEqual({ open: false, linked: false });

    // Another /reports row: the page stays, the address changes.
    await act(() => router.navigate(`/atcom?student=${STUDENT_ID}&entry=${second.id}`));
    await waitFor(() => expect(yearState(2)).toEqual({ open: true, linked: true }), PATIENTLY);
    expect(yearState(1)).toEqual({ open: false, linked: false });

    await act(() => router.navigate(-1));
    await waitFor(() => expect(yearState(1)).toEqual({ open: true, linked: true }), PATIENTLY);
    expect(yearState(2)).toEqual({ open: false, linked: false });

    await act(() => router.navigate(1));
    await waitFor(() => expect(yearState(2)).toEqual({ open: true, linked: true }), PATIENTLY);
    expect(yearState(1).open).toBe(false);
  });
});
