import { ModalsProvider } from '@mantine/modals';
import type { StaffListItem } from '@pgel/shared/schemas/staff-admin';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeUser } from '../../../lib/session';
import { renderWithApp } from '../../../test/render';
import { sessionUser } from '../../../test/session-user';
import { AllStaffsPage } from './all-staffs-page';

const MASTER = sessionUser({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Demo Master',
  email: 'master@demo.test',
  role: 'master',
  referralId: 'REFM01',
  paid: false,
  college: null,
  department: null,
});

function staff(id: string, name: string, identityUrl: string | null): StaffListItem {
  return {
    id,
    name,
    email: `${name.split(' ')[1]?.toLowerCase()}@example.org`,
    phone: null,
    role: 'professor',
    collegeId: null,
    collegeName: 'North Medical College',
    departmentId: null,
    departmentName: 'Medicine',
    verified: true,
    confirmation: 'confirmed',
    blocked: false,
    addedByName: null,
    assignedStudentCount: 0,
    identityUrl,
    identityContentType: identityUrl ? 'image/png' : null,
    createdAt: '2026-11-01T10:00:00.000Z',
  };
}

const ID_URL = '/api/v1/files/00000000-0000-4000-8000-0000000000f2';
const ROWS = [
  staff('00000000-0000-4000-8000-0000000000a1', 'Dr. Asha Rao', ID_URL),
  staff('00000000-0000-4000-8000-0000000000a2', 'Dr. Vikram Shah', null),
];

beforeEach(() => {
  storeUser(MASTER);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = url.includes('/auth/me')
        ? { user: MASTER }
        : { items: ROWS, total: ROWS.length, page: 1, pageSize: 10 };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('All Staffs: identity document column', () => {
  it('offers View for a staff member with a document and a dash otherwise; View opens the viewer', async () => {
    renderWithApp(
      <ModalsProvider>
        <AllStaffsPage />
      </ModalsProvider>,
      { initialUrl: '/allHod' },
    );
    const table = await screen.findByRole('table', { name: 'Staff' });
    expect(within(table).getByRole('columnheader', { name: 'Identity' })).toBeTruthy();
    const asha = (await within(table).findByText('Dr. Asha Rao')).closest('tr') as HTMLElement;
    const vikram = within(table).getByText('Dr. Vikram Shah').closest('tr') as HTMLElement;
    expect(within(vikram).queryByRole('button', { name: /View identity/ })).toBeNull();
    expect(within(vikram).getByLabelText('No identity document').textContent).toBe('—');

    fireEvent.click(within(asha).getByRole('button', { name: 'View identity document of Dr. Asha Rao' }));
    const viewer = await screen.findByRole('dialog', { name: 'Identity document of Dr. Asha Rao' });
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe(ID_URL);
  });
});
