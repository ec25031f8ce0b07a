import { DRP_MESSAGES, drpScheduleTo } from '@pgel/shared/drp/postings';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeRoute,
  fakeApi,
  labelled,
  PATIENTLY,
  pickOption,
  readDialog,
  withModals,
} from '../../records/components/test-support';
import { AddPostingModal } from './add-posting-modal';

const KNOWN_ID = '00000000-0000-4000-8000-0000000000a1';
const NEW_ID = '00000000-0000-4000-8000-0000000000a2';
const STUDENT_ID = '00000000-0000-4000-8000-0000000000f1';

const ROUTES: Record<string, FakeRoute> = {
  'GET /drp/institutions?state=Assam': {
    status: 200,
    body: {
      items: [
        { id: KNOWN_ID, name: 'District Hospital Tezpur' },
        { id: NEW_ID, name: 'CHC Jorhat' },
      ],
    },
  },
  [`GET /drp/institutions/${KNOWN_ID}/coordinator`]: {
    status: 200,
    body: { coordinator: { name: 'Dr. Bora', email: 'bora@dh.test', phone: '9876543210' } },
  },
  [`GET /drp/institutions/${NEW_ID}/coordinator`]: { status: 200, body: { coordinator: null } },
  'GET /students?page=1&pageSize=20&sort=name': {
    status: 200,
    body: {
      items: [{ id: STUDENT_ID, name: 'Asha Nair', email: 'asha@example.test' }],
      total: 1,
      page: 1,
      pageSize: 20,
    },
  },
};

afterEach(() => vi.unstubAllGlobals());

async function openForm(routes: Record<string, FakeRoute | ((body: unknown) => FakeRoute)>, staff = false) {
  const sent = fakeApi({ ...ROUTES, ...routes });
  withModals(<AddPostingModal opened onClose={vi.fn()} withStudentPicker={staff} />);
  const modal = await screen.findByRole('dialog', { name: DRP_MESSAGES.addTitle }, PATIENTLY);
  const field = (label: string) =>
    within(modal).getByLabelText(labelled(label), { selector: 'input' }) as HTMLInputElement;
  const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
  const save = () => fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
  const posts = () => sent.filter((request) => request.method === 'POST');
  return { modal, field, type, save, sent, posts };
}

async function chooseInstitution(modal: HTMLElement, name: string) {
  await pickOption(labelled('State'), 'Assam', modal);
  await waitFor(() =>
    expect(within(modal).getByRole('combobox', { name: labelled('Institution') })).toBeTruthy(),
  );
  await pickOption(labelled('Institution'), name, modal);
}

describe('AddPostingModal', () => {
  it('checks in the spec order: institution, every field, then e-mail and phone; sends nothing', async () => {
    const form = await openForm({});
    form.save();
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(DRP_MESSAGES.selectInstitution);

    await chooseInstitution(form.modal, 'CHC Jorhat');
    // No coordinator known: the three fields are typed in.
    await waitFor(() => expect(form.field('Coordinator Name').readOnly).toBe(false), PATIENTLY);
    form.save();
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(DRP_MESSAGES.fillAll);

    form.type('Coordinator Name', 'Dr. Gogoi');
    form.type('Coordinator Email', 'not-an-address');
    form.type('Coordinator Phone', '98765');
    form.type('Schedule From', '01-03-2026');
    form.save();
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(DRP_MESSAGES.invalidEmail);

    form.type('Coordinator Email', 'gogoi@chc.test');
    form.save();
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(DRP_MESSAGES.invalidPhone);
    expect(form.posts()).toEqual([]);
  });

  it('prefills a known coordinator read-only, sets Schedule To itself and saves', async () => {
    const form = await openForm({
      'POST /drp/postings': { status: 201, body: { message: DRP_MESSAGES.added, posting: {} } },
    });
    await chooseInstitution(form.modal, 'District Hospital Tezpur');
    await waitFor(() => expect(form.field('Coordinator Name').value).toBe('Dr. Bora'), PATIENTLY);
    for (const label of ['Coordinator Name', 'Coordinator Email', 'Coordinator Phone']) {
      expect(form.field(label).readOnly, label).toBe(true);
    }
    expect(form.field('Coordinator Email').value).toBe('bora@dh.test');
    expect(form.field('Coordinator Phone').value).toBe('9876543210');

    form.type('Schedule From', '01-03-2026');
    // 90 days later, read-only: 30-05-2026.
    await waitFor(() => expect(form.field('Schedule To').value).toBe('30-05-2026'));
    expect(drpScheduleTo('2026-03-01')).toBe('2026-05-30');
    expect(form.field('Schedule To').readOnly).toBe(true);

    form.save();
    expect((await readDialog('Success')).textContent).toContain(DRP_MESSAGES.added);
    expect(form.posts()).toEqual([
      {
        method: 'POST',
        path: '/drp/postings',
        body: {
          state: 'Assam',
          institutionId: KNOWN_ID,
          coordinatorName: 'Dr. Bora',
          coordinatorEmail: 'bora@dh.test',
          coordinatorPhone: '9876543210',
          scheduleFrom: '2026-03-01',
          scheduleTo: '2026-05-30',
        },
      },
    ]);
  });

  it('staff pick the student; a refusal shows the server message and keeps the form', async () => {
    const form = await openForm(
      {
        'POST /drp/postings': {
          status: 409,
          body: { code: 'conflict', message: DRP_MESSAGES.overlapping },
        },
      },
      true,
    );
    await chooseInstitution(form.modal, 'District Hospital Tezpur');
    await waitFor(() => expect(form.field('Coordinator Name').value).toBe('Dr. Bora'), PATIENTLY);
    form.type('Schedule From', '01-03-2026');
    form.save();
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(DRP_MESSAGES.studentRequired);

    await pickOption(labelled('Student'), 'Asha Nair', form.modal);
    form.save();
    expect((await readDialog('Error')).textContent).toContain(DRP_MESSAGES.overlapping);
    expect(form.posts()[0]?.body).toMatchObject({ studentId: STUDENT_ID, institutionId: KNOWN_ID });
    // Still open, as typed.
    expect(form.field('Coordinator Name').value).toBe('Dr. Bora');
  });

  it('says the spec failure text when the server fails', async () => {
    const form = await openForm({
      'POST /drp/postings': { status: 500, body: { code: 'internal', message: 'Internal error' } },
    });
    await chooseInstitution(form.modal, 'District Hospital Tezpur');
    await waitFor(() => expect(form.field('Coordinator Name').value).toBe('Dr. Bora'), PATIENTLY);
    form.type('Schedule From', '01-03-2026');
    form.save();
    expect((await readDialog('Error')).textContent).toContain(DRP_MESSAGES.saveFailed);
  });
});
