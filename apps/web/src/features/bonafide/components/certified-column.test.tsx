import { ModalsProvider } from '@mantine/modals';
import { BONAFIDE_FIELD_LABELS, BONAFIDE_MESSAGES as M } from '@pgel/shared/reports/bonafide';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import type { StudentListItem } from '@pgel/shared/schemas/students-admin';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearStoredUser, storeUser } from '../../../lib/session';
import { renderWithApp } from '../../../test/render';
import { sessionUser } from '../../../test/session-user';
import { StudentsPage } from '../../students/components/students-page';

/** Generous waits: the whole page renders, and the machine may be busy. */
const SLOW = { timeout: 5000 };

const STUDENT: StudentListItem = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Dr. Ravi Kumar',
  email: 'ravi@example.test',
  phone: null,
  departmentName: 'Medicine',
  collegeName: 'GMC',
  courseTitle: null,
  paid: true,
  verifyByHod: true,
  certified: false,
  bonafideMissing: [],
  joiningDate: '2024-08-01',
  createdAt: '2024-08-01T00:00:00.000Z',
  idProofUrl: null,
  idProofContentType: null,
};

const staff = (role: SessionUser['role']) =>
  sessionUser({ id: '00000000-0000-4000-8000-0000000000b1', name: 'Dr. Staff', role, certified: false });

/** A fake API: the session user, the student list, and the certified switch. */
function fakeApi(user: SessionUser, student: StudentListItem = STUDENT) {
  let certified = false;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input)
      .replace(/^\/api\/v1/, '')
      .split('?')[0];
    const key = `${init?.method ?? 'GET'} ${path}`;
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (key === 'GET /auth/me') return json({ user });
    if (key === 'GET /students') {
      return json({ items: [{ ...student, certified }], total: 1, page: 1, pageSize: 10 });
    }
    if (key === `PUT /students/${STUDENT.id}/certified`) {
      certified = JSON.parse(String(init?.body)).certified;
      return json({ message: M.certified, certified, reference: certified ? 'BON/2026-27/000001' : null });
    }
    throw new Error(`unexpected call: ${key}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage(user: SessionUser, student: StudentListItem = STUDENT) {
  storeUser(user);
  const fetchMock = fakeApi(user, student);
  renderWithApp(
    <ModalsProvider>
      <StudentsPage />
    </ModalsProvider>,
    { initialUrl: '/allStudent' },
  );
  return fetchMock;
}

const listCalls = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => String(input).includes('/students?') && (init?.method ?? 'GET') === 'GET',
  ).length;

afterEach(() => {
  vi.unstubAllGlobals();
  clearStoredUser();
});

describe('the Certified column on /allStudent', () => {
  it.each(['hod', 'master'] as const)(
    'offers the switch to a %s, confirms, saves and reloads',
    async (role) => {
      const fetchMock = renderPage(staff(role));
      const toggle = await screen.findByRole('switch', { name: `${M.columnLabel}: ${STUDENT.name}` }, SLOW);
      expect((toggle as HTMLInputElement).checked).toBe(false);
      const before = listCalls(fetchMock);

      fireEvent.click(toggle);
      const confirm = await screen.findByRole('dialog', { name: M.confirmTitle }, SLOW);
      expect(confirm.textContent).toContain(M.confirmCertify);
      fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, certify' }));

      const success = await screen.findByRole('dialog', { name: 'Success' }, SLOW);
      expect(success.textContent).toContain(M.certified);
      expect(success.textContent).toContain('BON/2026-27/000001');
      const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
      expect(JSON.parse(String(put?.[1]?.body))).toEqual({ certified: true });
      await waitFor(() => expect(listCalls(fetchMock)).toBeGreaterThan(before), SLOW);
      await waitFor(
        () =>
          expect(
            (screen.getByRole('switch', { name: `${M.columnLabel}: ${STUDENT.name}` }) as HTMLInputElement)
              .checked,
          ).toBe(true),
        SLOW,
      );
    },
  );

  it.each(['professor', 'assistant_professor'] as const)('shows no switch to a %s', async (role) => {
    renderPage(staff(role));
    await screen.findByText(STUDENT.email, {}, SLOW);
    expect(screen.queryByRole('switch', { name: `${M.columnLabel}: ${STUDENT.name}` })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: M.columnLabel })).toBeNull();
  });

  it('disables the switch and names what the profile lacks while the certificate cannot print', async () => {
    const missing = [BONAFIDE_FIELD_LABELS.parentName, BONAFIDE_FIELD_LABELS.joiningDate];
    const fetchMock = renderPage(staff('hod'), { ...STUDENT, bonafideMissing: missing });
    const toggle = await screen.findByRole('switch', { name: `${M.columnLabel}: ${STUDENT.name}` }, SLOW);
    expect((toggle as HTMLInputElement).disabled).toBe(true);
    const hint = screen.getByText(M.missingShort(missing));
    expect(toggle.getAttribute('aria-describedby')).toBe(hint.id);
    expect(hint.textContent).toContain("Father's or mother's name, joining date");
    fireEvent.click(toggle);
    expect(screen.queryByRole('dialog', { name: M.confirmTitle })).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });
});
