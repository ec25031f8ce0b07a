import { RECORD_MESSAGES } from '@pgel/shared/records/api';
import { ENTRY_FORM_MESSAGES } from '@pgel/shared/records/entry-form';
import {
  clinicalCase,
  clinicalTraining,
  introductionSchedule,
  leave,
  publication,
} from '@pgel/shared/records/kinds';
import type { RecordKind } from '@pgel/shared/records/types';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordFormModal } from './record-form-modal';
import { fakeApi, labelled, optionsOf, PATIENTLY, pickOption, readDialog, withModals } from './test-support';

const TEACHER_ID = '00000000-0000-4000-8000-0000000000e1';
const RECORD_ID = '00000000-0000-4000-8000-0000000000d1';
const TEACHERS = {
  'GET /records/options/teachers': { status: 200, body: { items: [{ id: TEACHER_ID, title: 'Dr. Rao' }] } },
};

afterEach(() => vi.unstubAllGlobals());

/** The open form of a kind, and the dialog around it. */
async function openForm(kind: RecordKind, onClose = vi.fn()) {
  withModals(<RecordFormModal kind={kind} opened onClose={onClose} />);
  const modal = await screen.findByRole('dialog', { name: kind.formTitle }, PATIENTLY);
  const field = (label: string) =>
    within(modal).getByLabelText(labelled(label), { selector: 'input, textarea' }) as HTMLInputElement;
  const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
  const submit = () => fireEvent.click(within(modal).getByRole('button', { name: 'Submit' }));
  return { modal, field, type, submit, onClose };
}

/** The modal's backdrop: a click there is a click outside the form. */
function overlayOf(modal: HTMLElement): HTMLElement {
  const overlay = modal.closest('.mantine-Modal-root')?.querySelector('.mantine-Modal-overlay');
  if (!(overlay instanceof HTMLElement)) throw new Error('no overlay');
  return overlay;
}

/** A created record as the server answers it. */
function created(kind: string, details: Record<string, unknown>) {
  return {
    id: RECORD_ID,
    kind,
    studentId: '00000000-0000-4000-8000-0000000000f1',
    studentName: 'Asha',
    date: '2025-03-10',
    teacherId: null,
    teacherName: null,
    status: 'pending',
    studentRemark: 'ok',
    verifierRemark: null,
    score: null,
    verifiedByName: null,
    verifiedAt: null,
    everVerified: false,
    confirmedRole: null,
    amendedAt: null,
    flags: [],
    certificate: null,
    details,
    createdAt: '2025-03-10T10:00:00.000Z',
    canVerify: false,
    canDelete: true,
    history: [],
  };
}

describe('RecordFormModal', () => {
  it('shows the first error only, marks the fields and sends nothing', async () => {
    const sent = fakeApi(TEACHERS);
    const form = await openForm(introductionSchedule);
    // The activity date starts at today.
    expect(form.field('Date').value).toBe(dayjs().format('DD-MM-YYYY'));
    form.submit();
    const dialog = await readDialog(VALIDATION_TITLE);
    expect(dialog.textContent).toContain(RECORD_MESSAGES.fillAll);
    expect(dialog.querySelectorAll('li')).toHaveLength(0);
    // Every failing field is marked, not only the first.
    expect(form.field('Topic').getAttribute('aria-invalid')).toBe('true');
    expect(form.field('Remark').getAttribute('aria-invalid')).toBe('true');
    expect(sent.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('marks every publication field required, the certificate too, and names the empty ones (issue 28)', async () => {
    const sent = fakeApi({});
    const form = await openForm(publication);
    // Every field of the form carries the required mark, the certificate's upload too.
    const marked = [...form.modal.querySelectorAll('.mantine-InputWrapper-required')].map((mark) =>
      mark.parentElement?.textContent?.replace(/\s*\*$/, ''),
    );
    for (const field of publication.fields) expect(marked, field.label).toContain(field.label);
    expect(marked).toContain('Certificate');

    form.type('Title', 'Dengue outcomes');
    form.type('Author', 'Meera Iyer');
    form.type('Indexed In', 'PubMed');
    form.type('Citation', 'Indian Pediatr. 2026;63:101-5');
    form.type('Student Remark', 'First author');
    fireEvent.click(within(form.modal).getByRole('radio', { name: 'Published' }));
    form.submit();
    const dialog = await readDialog(VALIDATION_TITLE);
    expect(dialog.textContent).toContain('Please fill all the data first: Co-Author, Journal, Certificate');
    // The empty fields are marked, each with its own line; the certificate's picker too.
    expect(form.field('Co-Author').getAttribute('aria-invalid')).toBe('true');
    expect(form.field('Journal').getAttribute('aria-invalid')).toBe('true');
    expect(within(form.modal).getByText('Certificate is required.')).toBeTruthy();
    const certificate = within(form.modal).getByLabelText(labelled('Certificate'), { selector: 'input' });
    expect(certificate.getAttribute('aria-invalid')).toBe('true');
    expect(sent.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('never closes on an outside click; with something typed, Escape and the close button ask first', async () => {
    fakeApi(TEACHERS);
    const form = await openForm(introductionSchedule);
    form.type('Topic', 'Hand hygiene');
    // A stray tap beside the form (issue 10: the clinical case closed without a word).
    fireEvent.click(overlayOf(form.modal));
    fireEvent.keyDown(form.field('Topic'), { key: 'Escape', code: 'Escape' });
    const ask = await screen.findByRole('dialog', { name: ENTRY_FORM_MESSAGES.closeTitle }, PATIENTLY);
    expect(ask.textContent).toContain(ENTRY_FORM_MESSAGES.closeKept);
    fireEvent.click(within(ask).getByRole('button', { name: ENTRY_FORM_MESSAGES.keepEditing }));
    await waitFor(
      () => expect(screen.queryByRole('dialog', { name: ENTRY_FORM_MESSAGES.closeTitle })).toBeNull(),
      PATIENTLY,
    );
    expect(form.onClose).not.toHaveBeenCalled();
    expect(form.field('Topic').value).toBe('Hand hygiene');

    fireEvent.click(within(form.modal).getByRole('button', { name: 'Close' }));
    const again = await screen.findByRole('dialog', { name: ENTRY_FORM_MESSAGES.closeTitle }, PATIENTLY);
    fireEvent.click(within(again).getByRole('button', { name: ENTRY_FORM_MESSAGES.closeConfirm }));
    await waitFor(() => expect(form.onClose).toHaveBeenCalledTimes(1), PATIENTLY);
  });

  it('closes an untouched form on Escape without asking', async () => {
    fakeApi(TEACHERS);
    const form = await openForm(introductionSchedule);
    fireEvent.keyDown(form.field('Topic'), { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(form.onClose).toHaveBeenCalledTimes(1), PATIENTLY);
    expect(screen.queryByRole('dialog', { name: ENTRY_FORM_MESSAGES.closeTitle })).toBeNull();
  });

  // The clinical case's 47 fields take long to draw on a busy machine.
  it('lists every error as bullets in "Validation Error" for the clinical case', {
    timeout: 60_000,
  }, async () => {
    const sent = fakeApi(TEACHERS);
    const form = await openForm(clinicalCase);
    form.type('Patient ID', 'P-1');
    form.type('Contact Number', '12345');
    form.submit();
    const dialog = await readDialog(RECORD_MESSAGES.validationErrorTitle);
    const bullets = [...dialog.querySelectorAll('li')].map((item) => item.textContent);
    expect(bullets).toContain('Patient Name is required.');
    expect(bullets).toContain('Supervising Faculty is required.');
    expect(bullets).toContain('Presenting Complaint is required.');
    expect(bullets).toContain(RECORD_MESSAGES.contactNumber);
    // Filled and optional fields give none.
    expect(bullets).not.toContain('Patient ID is required.');
    expect(bullets).not.toContain('Menstrual History is required.');
    expect(bullets).not.toContain('Date is required.');
    expect(sent.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('computes leave days live and sends them; success shows the kind message and closes', async () => {
    const sent = fakeApi({
      'POST /records': (body) => ({
        status: 201,
        body: {
          message: leave.successMessage,
          record: created('leave', (body as { details: Record<string, unknown> }).details),
        },
      }),
    });
    const form = await openForm(leave);
    expect(form.field('Days').readOnly).toBe(true);
    expect(form.field('Days').value).toBe('0');
    // Leave dates may be in the future.
    const from = dayjs().add(5, 'day');
    form.type('From Date', from.format('DD-MM-YYYY'));
    form.type('To Date', from.add(2, 'day').format('DD-MM-YYYY'));
    await waitFor(() => expect(form.field('Days').value).toBe('3'));
    form.type('To Date', from.subtract(1, 'day').format('DD-MM-YYYY'));
    await waitFor(() => expect(form.field('Days').value).toBe('0'));
    form.type('To Date', from.add(2, 'day').format('DD-MM-YYYY'));
    await waitFor(() => expect(form.field('Days').value).toBe('3'));

    // Four choices or fewer are radio buttons: one tap.
    fireEvent.click(within(form.modal).getByRole('radio', { name: 'Casual' }));
    form.type('Reason', '  Family function ');
    form.type('Remark', 'Please approve');
    form.submit();

    const success = await screen.findByRole('dialog', { name: 'Success' }, PATIENTLY);
    expect(success.textContent).toContain('Leave submitted successfully!');
    expect(form.onClose).toHaveBeenCalled();
    const post = sent.find((call) => call.method === 'POST');
    expect(post).toEqual({
      method: 'POST',
      path: '/records',
      body: {
        kind: 'leave',
        studentRemark: 'Please approve',
        details: {
          fromDate: from.format('YYYY-MM-DD'),
          toDate: from.add(2, 'day').format('YYYY-MM-DD'),
          reasonType: 'Casual',
          reason: 'Family function',
          leaveDays: 3,
        },
      },
    });
  });

  it("puts the server's field errors on the fields", async () => {
    fakeApi({
      ...TEACHERS,
      'POST /records': {
        status: 400,
        body: {
          code: 'validation',
          message: RECORD_MESSAGES.teacherNotInDepartment,
          fieldErrors: { teacherId: RECORD_MESSAGES.teacherNotInDepartment },
        },
      },
    });
    const form = await openForm(introductionSchedule);
    form.type('Topic', 'Orientation');
    await pickOption(labelled('Guiding Faculty'), 'Dr. Rao', form.modal);
    form.type('Remark', 'Done');
    form.submit();
    const dialog = await readDialog('Error');
    expect(dialog.textContent).toContain(RECORD_MESSAGES.teacherNotInDepartment);
    expect(within(form.modal).getByText(RECORD_MESSAGES.teacherNotInDepartment)).toBeTruthy();
    expect(form.onClose).not.toHaveBeenCalled();
  });

  it('offers the department-only training types when the server names the department', async () => {
    fakeApi({
      ...TEACHERS,
      'GET /records/form-context': {
        status: 200,
        body: { restrictedAllowed: ['clinicalTrainingExtrasDepartment'] },
      },
    });
    const form = await openForm(clinicalTraining);
    await waitFor(async () =>
      expect(await optionsOf(labelled('Training Type'), form.modal)).toContain('GROSS SEMINAR'),
    );
  });

  it('keeps the department-only training types hidden for other departments', async () => {
    const sent = fakeApi({
      ...TEACHERS,
      'GET /records/form-context': { status: 200, body: { restrictedAllowed: [] } },
    });
    const form = await openForm(clinicalTraining);
    const options = await optionsOf(labelled('Training Type'), form.modal);
    expect(options).toContain('Seminar');
    expect(options).not.toContain('GROSS SEMINAR');
    expect(sent.some((call) => call.path === '/records/form-context')).toBe(true);
  });
});
