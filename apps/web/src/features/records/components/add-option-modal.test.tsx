import { OPTION_MESSAGES, RECORD_MESSAGES } from '@pgel/shared/records/api';
import { diagnosticSkill, procedure, specialityPosting } from '@pgel/shared/records/kinds';
import type { RecordKind } from '@pgel/shared/records/types';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHOOSE_COMPETENCY_HINT } from './add-option-modal';
import { RecordFormModal } from './record-form-modal';
import {
  type FakeRoute,
  fakeApi,
  labelled,
  optionsOf,
  pickOption,
  readDialog,
  withModals,
} from './test-support';

afterEach(() => vi.unstubAllGlobals());

const TEACHERS = {
  'GET /records/options/teachers': { status: 200, body: { items: [] } },
};
const CARDIOLOGY = '00000000-0000-4000-8000-0000000000a1';
const NEW_PROCEDURE = '00000000-0000-4000-8000-0000000000a2';
const NEW_SKILL = '00000000-0000-4000-8000-00000000a5a2';
const NEW_SPECIALITY = '00000000-0000-4000-8000-0000000000c2';

const items = (...list: { id: string; title: string }[]) => ({ status: 200, body: { items: list } });

/**
 * A list that grows once `added()` is called: the server's answer before and after the add, so
 * the test sees the list read again.
 */
function growingList(before: { id: string; title: string }[], after: { id: string; title: string }) {
  let isAdded = false;
  return {
    route: (): FakeRoute => items(...before, ...(isAdded ? [after] : [])),
    added: (route: FakeRoute) => () => {
      isAdded = true;
      return route;
    },
  };
}

/** The entry form of a kind, open, and the dialog around it. */
async function openForm(kind: RecordKind) {
  const onClose = vi.fn();
  withModals(<RecordFormModal kind={kind} opened onClose={onClose} />);
  const form = await screen.findByRole('dialog', { name: kind.formTitle });
  return { form, onClose };
}

/** Opens an add modal by its button and returns the dialog. */
async function openAdd(name: string, container: HTMLElement): Promise<HTMLElement> {
  fireEvent.click(within(container).getByRole('button', { name }));
  return screen.findByRole('dialog', { name });
}

const titleInput = (dialog: HTMLElement) =>
  within(dialog).getByLabelText(labelled('Title'), { selector: 'input' }) as HTMLInputElement;
const comboboxValue = (container: HTMLElement, label: string) =>
  (within(container).getByRole('combobox', { name: labelled(label) }) as HTMLInputElement).value;
const posts = (sent: { method: string; path: string; body: unknown }[]) =>
  sent.filter((call) => call.method === 'POST');

describe('Add New Procedure / Add Skills / Add Speciality', () => {
  it('offers Add New Procedure beside the procedure competencies only, and no add for teachers', async () => {
    fakeApi({ ...TEACHERS, 'GET /records/options/competencies?for=diag': items() });
    const diagnostic = await openForm(diagnosticSkill);
    expect(within(diagnostic.form).queryByRole('button', { name: 'Add New Procedure' })).toBeNull();
    expect(within(diagnostic.form).getByRole('button', { name: 'Add Skills' })).toBeTruthy();
    expect(within(diagnostic.form).queryByRole('button', { name: /Add Speciality/ })).toBeNull();
    // The button is not part of the select's name (e2e and screen readers find it by its label).
    expect(within(diagnostic.form).getByRole('combobox', { name: labelled('Competency') })).toBeTruthy();
  });

  it('Add New Procedure: checks the title first, then adds it, shows the message and selects it', async () => {
    const list = growingList([{ id: CARDIOLOGY, title: 'Cardiology' }], {
      id: NEW_PROCEDURE,
      title: 'Thoracentesis',
    });
    const sent = fakeApi({
      ...TEACHERS,
      'GET /records/options/competencies?for=proc': list.route,
      'POST /records/options/procedures': list.added({
        status: 201,
        body: {
          message: OPTION_MESSAGES.procedureAdded,
          item: { id: NEW_PROCEDURE, title: 'Thoracentesis' },
        },
      }),
    });
    const { form, onClose } = await openForm(procedure);
    const dialog = await openAdd('Add New Procedure', form);
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeTruthy();

    // Blank (spaces only): the shared schema's message, nothing sent.
    fireEvent.change(titleInput(dialog), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(RECORD_MESSAGES.fillAll);
    expect(posts(sent)).toHaveLength(0);

    fireEvent.change(titleInput(dialog), { target: { value: '  Thoracentesis ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const success = await screen.findByRole('dialog', { name: 'Success' });
    expect(success.textContent).toContain(OPTION_MESSAGES.procedureAdded);
    expect(posts(sent)).toEqual([
      { method: 'POST', path: '/records/options/procedures', body: { title: 'Thoracentesis' } },
    ]);

    // The add modal closed, the entry form stayed (its own submit never ran) with the new choice.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add New Procedure' })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: VALIDATION_TITLE })).toBeNull();
    expect(
      within(form)
        .getByLabelText(labelled('Patient Name'), { selector: 'input' })
        .getAttribute('aria-invalid'),
    ).not.toBe('true');
    await waitFor(() => expect(comboboxValue(form, 'Competency')).toBe('Thoracentesis'));
    // The list was read again.
    await waitFor(() =>
      expect(sent.filter((call) => call.path === '/records/options/competencies?for=proc')).toHaveLength(2),
    );
    expect(await optionsOf(labelled('Competency'), form)).toEqual(['Cardiology', 'Thoracentesis']);

    // The success dialog closes by itself.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Success' })).toBeNull(), {
      timeout: 3000,
    });
  });

  it('Add Skills waits for a competency, shows it read-only and selects the new skill', async () => {
    const list = growingList([], { id: NEW_SKILL, title: 'Pericardiocentesis' });
    const sent = fakeApi({
      ...TEACHERS,
      'GET /records/options/competencies?for=proc': items({ id: CARDIOLOGY, title: 'Cardiology' }),
      [`GET /records/options/skills?competencyId=${CARDIOLOGY}`]: list.route,
      'POST /records/options/skills': list.added({
        status: 201,
        body: { message: OPTION_MESSAGES.skillAdded, item: { id: NEW_SKILL, title: 'Pericardiocentesis' } },
      }),
    });
    const { form } = await openForm(procedure);

    // Before a competency: disabled (yet focusable, with its reason) and opens nothing.
    const button = within(form).getByRole('button', { name: 'Add Skills' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    const describedBy = button.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(CHOOSE_COMPETENCY_HINT);
    fireEvent.click(button);
    expect(screen.queryByRole('dialog', { name: 'Add Skills' })).toBeNull();

    await pickOption(labelled('Competency'), 'Cardiology', form);
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBeNull());
    const dialog = await openAdd('Add Skills', form);
    const competency = within(dialog).getByLabelText('Competency') as HTMLInputElement;
    expect(competency.value).toBe('Cardiology');
    expect(competency.readOnly).toBe(true);

    fireEvent.change(titleInput(dialog), { target: { value: 'Pericardiocentesis' } });
    // Enter in the title submits this modal's form only.
    fireEvent.submit(titleInput(dialog).form as HTMLFormElement);
    expect((await readDialog('Success')).textContent).toContain(OPTION_MESSAGES.skillAdded);
    expect(screen.queryByRole('dialog', { name: VALIDATION_TITLE })).toBeNull();
    expect(posts(sent)).toEqual([
      {
        method: 'POST',
        path: '/records/options/skills',
        body: { competencyId: CARDIOLOGY, title: 'Pericardiocentesis' },
      },
    ]);
    await waitFor(() => expect(comboboxValue(form, 'Skill')).toBe('Pericardiocentesis'));
    // The competency stayed chosen.
    expect(comboboxValue(form, 'Competency')).toBe('Cardiology');
  });

  it('Add Speciality: the server refusal in the error dialog, the modal stays open', async () => {
    const sent = fakeApi({
      'GET /records/options/specialities': items(),
      'POST /records/options/specialities': {
        status: 403,
        body: { code: 'forbidden', message: 'You do not have permission to do this' },
      },
    });
    const { form } = await openForm(specialityPosting);
    const dialog = await openAdd('Add Speciality', form);
    fireEvent.change(titleInput(dialog), { target: { value: 'Cardiac clinic' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await readDialog('Error')).textContent).toContain('You do not have permission to do this');
    expect(posts(sent)).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Add Speciality' })).toBeTruthy();
    expect(titleInput(dialog).value).toBe('Cardiac clinic');
  });

  it('Add Speciality: a title already there (any case) comes back and is selected', async () => {
    fakeApi({
      'GET /records/options/specialities': items({ id: NEW_SPECIALITY, title: 'Cardiac Clinic' }),
      'POST /records/options/specialities': {
        status: 201,
        body: {
          message: OPTION_MESSAGES.specialityAdded,
          item: { id: NEW_SPECIALITY, title: 'Cardiac Clinic' },
        },
      },
    });
    const { form } = await openForm(specialityPosting);
    const dialog = await openAdd('Add Speciality', form);
    fireEvent.change(titleInput(dialog), { target: { value: 'cardiac clinic' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await readDialog('Success');
    await waitFor(() => expect(comboboxValue(form, 'Speciality')).toBe('Cardiac Clinic'));
    expect(await optionsOf(labelled('Speciality'), form)).toEqual(['Cardiac Clinic']);
  });

  it('Escape and Cancel close the add modal only, never the entry form under it', async () => {
    fakeApi({ 'GET /records/options/specialities': items() });
    const { form, onClose } = await openForm(specialityPosting);

    const dialog = await openAdd('Add Speciality', form);
    await waitFor(() => expect(document.activeElement).toBe(titleInput(dialog)));
    fireEvent.keyDown(titleInput(dialog), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Speciality' })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();

    const again = await openAdd('Add Speciality', form);
    // Each opening starts empty.
    expect(titleInput(again).value).toBe('');
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Speciality' })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: specialityPosting.formTitle })).toBeTruthy();
  });
});
