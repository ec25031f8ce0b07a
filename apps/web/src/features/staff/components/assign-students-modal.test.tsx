import { ModalsProvider } from '@mantine/modals';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { STAFF_MESSAGES, type StaffListItem } from '@pgel/shared/schemas/staff-admin';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { renderWithApp } from '../../../test/render';
import { AssignStudentsModal } from './assign-students-modal';
import { staffFailureMessage } from './staff-dialogs';
import { readDialog } from './test-support';

const staff: StaffListItem = {
  id: '00000000-0000-4000-8000-000000000010',
  name: 'Dr. Nisha Varma',
  email: 'nisha@example.test',
  phone: '+919876543210',
  role: 'professor',
  collegeId: null,
  collegeName: null,
  departmentId: null,
  departmentName: 'General Medicine',
  verified: true,
  confirmation: 'confirmed',
  blocked: false,
  addedByName: null,
  assignedStudentCount: 1,
  identityUrl: null,
  identityContentType: null,
  createdAt: null,
};
const students = [
  {
    id: '00000000-0000-4000-8000-000000000021',
    name: 'Anil Kumar',
    email: 'anil@example.test',
    assigned: true,
  },
  {
    id: '00000000-0000-4000-8000-000000000022',
    name: 'Bina Roy',
    email: 'bina@example.test',
    assigned: false,
  },
];

let putStatus = 200;
let puts: unknown[];

beforeEach(() => {
  putStatus = 200;
  puts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (init.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return putStatus === 200
          ? json({ message: STAFF_MESSAGES.assigned, assignedCount: 1 })
          : json({ code: 'internal', message: 'boom' }, putStatus);
      }
      return json({ items: students });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('AssignStudentsModal', () => {
  it('starts from the assigned students, filters by search and needs at least one', async () => {
    renderWithApp(
      <ModalsProvider>
        <AssignStudentsModal staff={staff} onClose={() => {}} />
      </ModalsProvider>,
    );
    const anil = (await screen.findByLabelText('Anil Kumar')) as HTMLInputElement;
    expect(anil.checked).toBe(true);
    expect((screen.getByLabelText('Bina Roy') as HTMLInputElement).checked).toBe(false);

    fireEvent.change(screen.getByLabelText('Search students'), { target: { value: 'bina' } });
    expect(screen.queryByLabelText('Anil Kumar')).toBeNull();
    fireEvent.change(screen.getByLabelText('Search students'), { target: { value: '' } });

    fireEvent.click(screen.getByLabelText('Anil Kumar'));
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await readDialog(VALIDATION_TITLE)).toContain(STAFF_MESSAGES.selectStudents);
    expect(puts).toHaveLength(0);

    fireEvent.click(screen.getByLabelText('Bina Roy'));
    putStatus = 500;
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await readDialog('Error')).toContain(STAFF_MESSAGES.serverErrorAssign);
    expect(puts).toEqual([{ studentIds: [students[1]?.id] }]);
  });
});

describe('staffFailureMessage', () => {
  const messages = { failed: STAFF_MESSAGES.failedUpdate, serverError: STAFF_MESSAGES.serverErrorUpdate };
  it("shows the server's refusal, the spec's failure text without one, and the server-error text otherwise", () => {
    expect(staffFailureMessage(new ApiError(409, 'conflict', 'Taken'), messages)).toBe('Taken');
    expect(staffFailureMessage(new ApiError(400, 'http_error', 'Something went wrong'), messages)).toBe(
      STAFF_MESSAGES.failedUpdate,
    );
    expect(staffFailureMessage(new ApiError(500, 'internal', 'boom'), messages)).toBe(
      STAFF_MESSAGES.serverErrorUpdate,
    );
    expect(staffFailureMessage(new ApiError(0, 'network', 'offline'), messages)).toBe(
      STAFF_MESSAGES.serverErrorUpdate,
    );
  });
});
