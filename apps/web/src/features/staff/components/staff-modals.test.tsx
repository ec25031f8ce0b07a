import { ModalsProvider } from '@mantine/modals';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { ADD_HOD_MESSAGES, STAFF_MESSAGES } from '@pgel/shared/schemas/staff-admin';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { AddHodModal, addHodProblem } from './add-hod-modal';
import { AddStaffModal } from './add-staff-modal';
import { joinStaffPhone, splitStaffPhone } from './phone-field';
import { readDialog } from './test-support';

const NEW_ID = '00000000-0000-4000-8000-0000000000aa';
let requests: Array<{ url: string; method: string; body: unknown }>;

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({
        url,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      return new Response(JSON.stringify({ message: 'Staff added successfully', id: NEW_ID }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderModal(modal: ReactNode) {
  return renderWithApp(<ModalsProvider>{modal}</ModalsProvider>);
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
}

describe('AddStaffModal', () => {
  it('checks the form with the shared schema, then posts the phone with its country code', async () => {
    renderModal(<AddStaffModal opened onClose={() => {}} />);
    const form = await screen.findByRole('dialog', { name: STAFF_MESSAGES.addTitle });
    const submit = within(form).getByRole('button', { name: 'Add Staff' });
    // Role defaults to HOD and the country code to +91.
    expect((screen.getByLabelText('Role', { selector: 'input' }) as HTMLInputElement).value).toBe('HOD');
    expect((screen.getByLabelText('Country code', { selector: 'input' }) as HTMLInputElement).value).toBe(
      '+91',
    );

    fireEvent.click(submit);
    expect(await readDialog(VALIDATION_TITLE)).toContain(STAFF_MESSAGES.fillAll);

    type('Name', 'Dr. Asha Rao');
    type('Email', 'asha@example');
    type('Phone', '98765-43210x');
    // Digits only: the dash and the letter are dropped as they are typed.
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('9876543210');
    fireEvent.click(submit);
    expect(await readDialog(VALIDATION_TITLE)).toContain(STAFF_MESSAGES.invalidEmail);

    type('Phone', '');
    type('Email', 'Asha@Example.test');
    fireEvent.click(submit);
    expect(await readDialog(VALIDATION_TITLE)).toContain(STAFF_MESSAGES.fillAll);
    expect(requests).toHaveLength(0);

    type('Phone', '9876543210');
    fireEvent.click(submit);
    expect(await readDialog('Success')).toContain('Staff added successfully');
    expect(requests).toEqual([
      {
        url: '/api/v1/staff',
        method: 'POST',
        body: { name: 'Dr. Asha Rao', email: 'asha@example.test', phone: '+919876543210', role: 'hod' },
      },
    ]);
  });

  it('from a college row, asks for a department of that college', async () => {
    const college = {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Test College',
      departments: [{ id: '00000000-0000-4000-8000-000000000101', name: 'Surgery' }],
    };
    renderModal(<AddStaffModal opened onClose={() => {}} college={college} />);
    await screen.findByRole('dialog', { name: STAFF_MESSAGES.addTitle });
    expect((screen.getByLabelText('College') as HTMLInputElement).value).toBe('Test College');
    type('Name', 'Dr. Asha Rao');
    type('Email', 'asha@example.test');
    type('Phone', '9876543210');
    fireEvent.click(screen.getByRole('button', { name: 'Add Staff' }));
    expect(await readDialog(VALIDATION_TITLE)).toContain(STAFF_MESSAGES.selectCollege);
    expect(requests).toHaveLength(0);
  });
});

describe('AddHodModal', () => {
  it('shows the titled dialogs in the spec order, then posts to /staff/hods', async () => {
    renderModal(<AddHodModal opened onClose={() => {}} />);
    const form = await screen.findByRole('dialog', { name: 'Add HOD' });
    const submit = within(form).getByRole('button', { name: 'Add HOD' });

    // A bad e-mail but a missing phone: the missing field comes first.
    type('Name', 'Dr. Meera Iyer');
    type('Email', 'meera@');
    fireEvent.click(submit);
    expect(await readDialog(ADD_HOD_MESSAGES.missingTitle)).toContain(ADD_HOD_MESSAGES.missing);

    type('Phone', '98765');
    fireEvent.click(submit);
    expect(await readDialog(ADD_HOD_MESSAGES.invalidEmailTitle)).toContain(ADD_HOD_MESSAGES.invalidEmail);

    type('Email', 'meera@example.test');
    fireEvent.click(submit);
    expect(await readDialog(ADD_HOD_MESSAGES.invalidPhoneTitle)).toContain(ADD_HOD_MESSAGES.invalidPhone);
    expect(requests).toHaveLength(0);

    type('Phone', '9876543210');
    fireEvent.click(submit);
    await readDialog('Success');
    expect(requests).toEqual([
      {
        url: '/api/v1/staff/hods',
        method: 'POST',
        body: { name: 'Dr. Meera Iyer', email: 'meera@example.test', phone: '9876543210' },
      },
    ]);
  });

  it('addHodProblem: missing, then e-mail, then phone', () => {
    expect(addHodProblem({ name: '', email: 'x', phone: '1' })?.title).toBe(ADD_HOD_MESSAGES.missingTitle);
    expect(addHodProblem({ name: 'A', email: 'x', phone: '1' })?.title).toBe(
      ADD_HOD_MESSAGES.invalidEmailTitle,
    );
    expect(addHodProblem({ name: 'A', email: 'a@b.co', phone: '123456789' })).toEqual({
      title: ADD_HOD_MESSAGES.invalidPhoneTitle,
      message: ADD_HOD_MESSAGES.invalidPhone,
    });
    expect(addHodProblem({ name: 'A', email: 'a@b.co', phone: '1234567890' })).toBeNull();
  });
});

describe('staff phone parts', () => {
  it('splits a stored phone into the country code and the number', () => {
    expect(splitStaffPhone('+919876543210')).toEqual({ code: '91', number: '9876543210' });
    expect(splitStaffPhone('+9779812345678')).toEqual({ code: '977', number: '9812345678' });
    expect(splitStaffPhone('+12025550123')).toEqual({ code: '1', number: '2025550123' });
    // Kept without a code (older accounts): the default code, so saving adds it.
    expect(splitStaffPhone('9810000001')).toEqual({ code: '91', number: '9810000001' });
    expect(splitStaffPhone(null)).toEqual({ code: '91', number: '' });
  });

  it('joins them for the schema, empty when no number was typed', () => {
    expect(joinStaffPhone({ code: '44', number: '7700900123' })).toBe('+447700900123');
    expect(joinStaffPhone({ code: '91', number: '' })).toBe('');
  });
});
