import { ENTRY_FORM_MESSAGES } from '@pgel/shared/records/entry-form';
import { procedure } from '@pgel/shared/records/kinds';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeUser } from '../../../lib/session';
import { sessionUser } from '../../../test/session-user';
import { RecordFormModal } from './record-form-modal';
import { type FakeRoute, fakeApi, labelled, PATIENTLY, pickOption, withModals } from './test-support';

// Issue 10: a routine entry in few taps (server defaults, 'Save and add another') and an
// unfinished entry kept as a draft on the device.

const STUDENT_ID = '00000000-0000-4000-8000-0000000000f1';
const TEACHER_ID = '00000000-0000-4000-8000-0000000000e1';
const COMPETENCY_ID = '00000000-0000-4000-8000-0000000000b1';
const SKILL_ID = '00000000-0000-4000-8000-0000000000b2';
const RECORD_ID = '00000000-0000-4000-8000-0000000000d1';
const DRAFT_KEY = `pgel.draft:${STUDENT_ID}:record:procedure`;

const STUDENT = sessionUser({ id: STUDENT_ID, unitHead: { id: TEACHER_ID, name: 'Dr. Rao' } });

const items = (list: Array<[string, string]>): FakeRoute => ({
  status: 200,
  body: { items: list.map(([id, title]) => ({ id, title })) },
});

/** The procedure form's lists, the signed-in student and what the server proposes. */
function procedureApi(
  defaults: unknown,
  extra: Record<string, FakeRoute | ((body: unknown) => FakeRoute)> = {},
) {
  storeUser(STUDENT);
  return fakeApi({
    'GET /auth/me': { status: 200, body: { user: STUDENT } },
    'GET /records/procedure/defaults': { status: 200, body: defaults },
    'GET /records/options/teachers': items([[TEACHER_ID, 'Dr. Rao']]),
    'GET /records/options/competencies?for=proc': items([[COMPETENCY_ID, 'Lumbar puncture']]),
    [`GET /records/options/skills?competencyId=${COMPETENCY_ID}`]: items([[SKILL_ID, 'CSF collection']]),
    ...extra,
  });
}

async function openProcedure(onClose = vi.fn()) {
  const view = withModals(<RecordFormModal kind={procedure} opened onClose={onClose} />);
  const modal = await screen.findByRole('dialog', { name: procedure.formTitle }, PATIENTLY);
  const field = (label: string) =>
    within(modal).getByLabelText(labelled(label), { selector: 'input, textarea' }) as HTMLInputElement;
  const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
  return { ...view, modal, field, type, onClose };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('entry form: defaults and Save and add another', { timeout: 60_000 }, () => {
  it('starts with today, the proposed faculty and competency; Save and add another keeps the form open for the next', async () => {
    const sent = procedureApi(
      { teacherId: TEACHER_ID, fields: { competency: { id: COMPETENCY_ID, title: 'Lumbar puncture' } } },
      {
        'POST /records': (body) => ({
          status: 201,
          body: {
            message: procedure.successMessage,
            record: {
              id: RECORD_ID,
              kind: 'procedure',
              studentId: STUDENT_ID,
              studentName: 'Asha Nair',
              date: dayjs().format('YYYY-MM-DD'),
              teacherId: TEACHER_ID,
              teacherName: 'Dr. Rao',
              status: 'pending',
              studentRemark: 'Tapped at L4',
              verifierRemark: null,
              score: null,
              verifiedByName: null,
              verifiedAt: null,
              everVerified: false,
              confirmedRole: null,
              amendedAt: null,
              flags: [],
              certificate: null,
              details: (body as { details: Record<string, unknown> }).details,
              createdAt: new Date().toISOString(),
              canVerify: false,
              canDelete: true,
              history: [],
            },
          },
        }),
      },
    );
    const form = await openProcedure();
    const combobox = (label: string) =>
      within(form.modal).getByRole('combobox', { name: labelled(label) }) as HTMLInputElement;
    expect(form.field('Date').value).toBe(dayjs().format('DD-MM-YYYY'));
    await waitFor(() => expect(combobox('Guiding Faculty').value).toBe('Dr. Rao'), PATIENTLY);
    await waitFor(() => expect(combobox('Competency').value).toBe('Lumbar puncture'), PATIENTLY);

    await pickOption(labelled('Skill'), 'CSF collection', form.modal);
    form.type('Patient Name', 'Ramesh Gupta');
    form.type('IPD/OPD No.', 'IPD-7781');
    fireEvent.click(within(form.modal).getByRole('radio', { name: 'Performed with Guide' }));
    form.type('Remark', 'Tapped at L4');
    await waitFor(() => expect(window.localStorage.getItem(DRAFT_KEY)).not.toBeNull(), PATIENTLY);
    fireEvent.click(within(form.modal).getByRole('button', { name: ENTRY_FORM_MESSAGES.saveAndAddAnother }));

    const note = await within(form.modal).findByRole('status', {}, PATIENTLY);
    expect(note.textContent).toContain(procedure.successMessage);
    expect(screen.queryByRole('dialog', { name: 'Success' })).toBeNull();
    expect(form.onClose).not.toHaveBeenCalled();
    expect(sent.find((call) => call.method === 'POST')?.body).toEqual({
      kind: 'procedure',
      teacherId: TEACHER_ID,
      studentRemark: 'Tapped at L4',
      details: {
        ipddDate: dayjs().format('YYYY-MM-DD'),
        competency: COMPETENCY_ID,
        skills: SKILL_ID,
        patient: 'Ramesh Gupta',
        ipd: 'IPD-7781',
        role: 'Performed with Guide',
      },
    });
    // Ready for the next: the same day, faculty and competency; the rest empty.
    await waitFor(() => expect(form.field('Patient Name').value).toBe(''), PATIENTLY);
    expect(form.field('IPD/OPD No.').value).toBe('');
    expect(form.field('Remark').value).toBe('');
    expect(combobox('Skill').value).toBe('');
    expect(
      within(form.modal).getByRole('radio', { name: 'Performed with Guide' }).getAttribute('aria-checked'),
    ).toBe('false');
    expect(form.field('Date').value).toBe(dayjs().format('DD-MM-YYYY'));
    expect(combobox('Guiding Faculty').value).toBe('Dr. Rao');
    expect(combobox('Competency').value).toBe('Lumbar puncture');
    // The sent entry's draft is gone.
    expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();
  });
});

describe('entry form: the role is one tap, proposed from the last entry of that skill', {
  timeout: 60_000,
}, () => {
  it('fills the role the student last logged for the skill chosen; one tap changes it', async () => {
    const sent = procedureApi(
      { teacherId: TEACHER_ID, fields: { competency: { id: COMPETENCY_ID, title: 'Lumbar puncture' } } },
      {
        [`GET /records/procedure/defaults?subject=${SKILL_ID}`]: {
          status: 200,
          body: { fields: { role: 'Performed with Guide' } },
        },
      },
    );
    const form = await openProcedure();
    const roles = within(form.modal).getByRole('radiogroup', { name: labelled('Role') });
    const checked = () =>
      within(roles)
        .getAllByRole('radio')
        .filter(
          (radio) => radio.getAttribute('aria-checked') === 'true' || (radio as HTMLInputElement).checked,
        )
        .map((radio) => radio.textContent);
    // Four roles, one tap each; nothing chosen before the skill.
    expect(within(roles).getAllByRole('radio')).toHaveLength(4);
    expect(checked()).toEqual([]);
    await waitFor(
      () =>
        expect(
          (within(form.modal).getByRole('combobox', { name: labelled('Competency') }) as HTMLInputElement)
            .value,
        ).toBe('Lumbar puncture'),
      PATIENTLY,
    );
    await pickOption(labelled('Skill'), 'CSF collection', form.modal);
    await waitFor(() => expect(checked()).toEqual(['Performed with Guide']), PATIENTLY);
    expect(sent.some((call) => call.path === `/records/procedure/defaults?subject=${SKILL_ID}`)).toBe(true);

    fireEvent.click(within(roles).getByRole('radio', { name: 'Performed Independently' }));
    expect(checked()).toEqual(['Performed Independently']);
  });
});

describe('entry form: drafts on the device', { timeout: 60_000 }, () => {
  it("keeps an unfinished entry (never the patient's name nor the IPD/OPD No.), restores it with a note and discards it on request", async () => {
    procedureApi({ fields: {} });
    const first = await openProcedure();
    first.type('Patient Name', 'Ramesh Gupta');
    first.type('IPD/OPD No.', 'IPD-7781');
    first.type('Remark', 'Tapped at L4');
    await waitFor(() => expect(window.localStorage.getItem(DRAFT_KEY)).toContain('Tapped at L4'), PATIENTLY);
    const stored = window.localStorage.getItem(DRAFT_KEY) ?? '';
    // Issue 29: a hospital number leads to the patient too; neither is written to local storage.
    expect(stored).not.toContain('IPD-7781');
    expect(stored).not.toContain('Ramesh Gupta');
    first.unmount();

    const again = await openProcedure();
    const note = await within(again.modal).findByRole('status', {}, PATIENTLY);
    expect(note.textContent).toBe(
      `${ENTRY_FORM_MESSAGES.draftRestored}. ${ENTRY_FORM_MESSAGES.draftPatientAgain}`,
    );
    expect(again.field('IPD/OPD No.').value).toBe('');
    expect(again.field('Remark').value).toBe('Tapped at L4');
    expect(again.field('Patient Name').value).toBe('');
    // The date is today's, as on any new form.
    expect(again.field('Date').value).toBe(dayjs().format('DD-MM-YYYY'));

    fireEvent.click(within(again.modal).getByRole('button', { name: ENTRY_FORM_MESSAGES.discardDraft }));
    const ask = await screen.findByRole('dialog', { name: ENTRY_FORM_MESSAGES.discardTitle }, PATIENTLY);
    fireEvent.click(within(ask).getByRole('button', { name: ENTRY_FORM_MESSAGES.discardConfirm }));
    await waitFor(() => expect(again.field('Remark').value).toBe(''), PATIENTLY);
    expect(again.field('IPD/OPD No.').value).toBe('');
    expect(within(again.modal).queryByText(ENTRY_FORM_MESSAGES.draftRestored, { exact: false })).toBeNull();
    expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();
  });
});
