import { ModalsProvider } from '@mantine/modals';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { type MyTeacher, TEACHER_MESSAGES } from '@pgel/shared/schemas/staff-admin';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { teachersQueryOptions } from '../api/get-teachers';
import { AddTeacherModal } from './add-teacher-modal';
import { MyTeachersCard } from './my-teachers-card';

const TEACHER: MyTeacher = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Dr. Asha Menon',
  email: 'asha@example.test',
  role: 'associate_professor',
  status: 'unverified',
};

type Route = { status: number; body: unknown };

/** A fake API: answers by method and path, and records what was sent. */
function fakeApi(routes: Record<string, Route | (() => Route)>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const key = `${init?.method ?? 'GET'} ${url.replace(/^\/api\/v1/, '')}`;
    const route = routes[key];
    if (!route) throw new Error(`unexpected call: ${key}`);
    const { status, body } = typeof route === 'function' ? route() : route;
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const withModals = (element: ReactNode) => renderWithApp(<ModalsProvider>{element}</ModalsProvider>);

/** The open Add Teacher modal's form. */
async function openForm() {
  const modal = await screen.findByRole('dialog', { name: 'Add Teacher' });
  const field = (label: string) => within(modal).getByLabelText(label) as HTMLInputElement;
  const fill = (values: { name?: string; email?: string; phone?: string }) => {
    for (const [label, value] of [
      ['Name', values.name],
      ['Email', values.email],
      ['Phone', values.phone],
    ] as const) {
      if (value !== undefined) fireEvent.change(field(label), { target: { value } });
    }
  };
  const submit = () => fireEvent.click(within(modal).getByRole('button', { name: 'Add Teacher' }));
  return { modal, field, fill, submit };
}

async function expectDialog(title: string, text: string) {
  const box = await screen.findByRole('dialog', { name: title });
  expect(box.textContent).toContain(text);
  return box;
}

beforeEach(() => {
  vi.useRealTimers();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AddTeacherModal', () => {
  it.each([
    [{}, TEACHER_MESSAGES.fillAll],
    [{ name: 'Dr. A', email: 'asha@example.test' }, TEACHER_MESSAGES.fillAll],
    [{ name: 'Dr. A', email: 'not-an-email', phone: '9876543210' }, TEACHER_MESSAGES.invalidEmail],
    [{ name: 'Dr. A', email: 'asha@example.test', phone: '987654321' }, TEACHER_MESSAGES.invalidPhone],
    [{ name: 'Dr. A', email: 'asha@example.test', phone: '98765abcde' }, TEACHER_MESSAGES.invalidPhone],
  ])('refuses %j with "%s" and sends nothing', async (values, message) => {
    const fetchMock = fakeApi({});
    withModals(<AddTeacherModal opened onClose={() => {}} />);
    const form = await openForm();
    form.fill(values);
    form.submit();
    await expectDialog(VALIDATION_TITLE, message);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('takes a phone typed with spaces and dashes as its ten digits', async () => {
    fakeApi({});
    withModals(<AddTeacherModal opened onClose={() => {}} />);
    const form = await openForm();
    form.fill({ phone: '98765 432-10' });
    expect(form.field('Phone').value).toBe('9876543210');
    expect(form.field('Phone').getAttribute('inputmode')).toBe('numeric');
  });

  it('sends the checked values, closes and shows the server message', async () => {
    const fetchMock = fakeApi({
      'POST /people/teachers': { status: 201, body: { message: TEACHER_MESSAGES.added, teacher: TEACHER } },
    });
    const onClose = vi.fn();
    const { queryClient } = withModals(<AddTeacherModal opened onClose={onClose} />);
    // The Unit Head choices, cached for minutes, must be reloaded to offer the new teacher.
    queryClient.setQueryData(teachersQueryOptions().queryKey, []);
    const form = await openForm();
    form.fill({ name: '  Dr. Asha Menon ', email: 'Asha@Example.test', phone: '9876543210' });
    form.submit();

    await expectDialog('Success', TEACHER_MESSAGES.added);
    expect(onClose).toHaveBeenCalled();
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Dr. Asha Menon',
      email: 'asha@example.test',
      phone: '9876543210',
    });
    expect(queryClient.getQueryState(teachersQueryOptions().queryKey)?.isInvalidated).toBe(true);
  });

  it("shows the server's refusal in the error dialog and stays open", async () => {
    fakeApi({
      'POST /people/teachers': {
        status: 409,
        body: { code: 'conflict', message: TEACHER_MESSAGES.emailTaken },
      },
    });
    const onClose = vi.fn();
    withModals(<AddTeacherModal opened onClose={onClose} />);
    const form = await openForm();
    form.fill({ name: 'Dr. A', email: 'student@demo.test', phone: '9876543210' });
    form.submit();

    await expectDialog('Error', TEACHER_MESSAGES.emailTaken);
    expect(onClose).not.toHaveBeenCalled();
    expect(form.field('Email').value).toBe('student@demo.test');
  });
});

describe('MyTeachersCard', () => {
  it('invites the student to add teachers when there are none', async () => {
    fakeApi({ 'GET /people/teachers/mine': { status: 200, body: { items: [] } } });
    withModals(<MyTeachersCard canAdd />);
    const card = screen.getByRole('region', { name: 'My Teachers' });
    await within(card).findByText('No teachers added yet');
    expect(card.textContent).toContain('approve your account');
    expect(within(card).queryByRole('list')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Add Teacher' }));
    await screen.findByRole('dialog', { name: 'Add Teacher' });
  });

  it('lists each teacher with role and status', async () => {
    fakeApi({
      'GET /people/teachers/mine': {
        status: 200,
        body: {
          items: [
            TEACHER,
            {
              ...TEACHER,
              id: '00000000-0000-4000-8000-000000000002',
              name: 'Dr. B',
              role: 'hod',
              status: 'active',
            },
          ],
        },
      },
    });
    withModals(<MyTeachersCard canAdd />);
    const list = await screen.findByRole('list', { name: 'My Teachers' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Dr. Asha Menon');
    expect(rows[0]?.textContent).toContain('Associate Professor');
    expect(rows[0]?.textContent).toContain('Unverified');
    expect(rows[1]?.textContent).toContain('HOD');
    expect(rows[1]?.textContent).toContain('Active');
    expect(screen.queryByText('No teachers added yet')).toBeNull();
  });

  it('refreshes the list after a teacher is added', async () => {
    let items: MyTeacher[] = [];
    fakeApi({
      'GET /people/teachers/mine': () => ({ status: 200, body: { items } }),
      'POST /people/teachers': () => {
        items = [TEACHER];
        return { status: 201, body: { message: TEACHER_MESSAGES.added, teacher: TEACHER } };
      },
    });
    withModals(<MyTeachersCard canAdd />);
    await screen.findByText('No teachers added yet');
    fireEvent.click(screen.getByRole('button', { name: 'Add Teacher' }));
    const form = await openForm();
    form.fill({ name: TEACHER.name, email: TEACHER.email, phone: '9876543210' });
    form.submit();
    const list = await screen.findByRole('list', { name: 'My Teachers' });
    expect(list.textContent).toContain('Dr. Asha Menon');
  });

  it('offers no Add Teacher without a college and department', async () => {
    fakeApi({ 'GET /people/teachers/mine': { status: 200, body: { items: [] } } });
    withModals(<MyTeachersCard canAdd={false} />);
    await screen.findByText(TEACHER_MESSAGES.noPlacement);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add Teacher' })).toBeNull());
  });
});
