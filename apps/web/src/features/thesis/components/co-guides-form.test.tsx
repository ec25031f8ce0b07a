import { THESIS_MESSAGES, type Thesis } from '@pgel/shared/academic/thesis';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRoute, PATIENTLY, pickOption, readDialog } from '../../records/components/test-support';
import { GUIDE_ID, renderThesisPage, student, studentRoutes, thesisOf } from './thesis-test-support';

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

const withGuide = thesisOf('synopsis', { guide: { id: GUIDE_ID, name: 'Dr. Mehta' }, nextStep: 'coGuides' });

/** The page at the co-guides step; `saved` is what the server holds once the POST succeeds. */
function renderCoGuides(routes: Record<string, FakeRoute> = {}, saved?: Thesis) {
  let current = withGuide;
  return renderThesisPage(student(), 'synopsis', {
    ...studentRoutes('synopsis'),
    'GET /theses/synopsis': () => ({ status: 200, body: { student: current.student, thesis: current } }),
    ...routes,
    ...(saved
      ? {
          'POST /theses/synopsis/co-guides': () => {
            current = saved;
            return { status: 200, body: { message: 'Co-guides added successfully', thesis: saved } };
          },
        }
      : {}),
  });
}

const card = () => screen.getByRole('region', { name: 'Co-guides' });
const nameInput = (n: number) => within(card()).getByRole('textbox', { name: `Co-guide ${n} name` });
const removeButton = (n: number) => within(card()).queryByRole('button', { name: `Remove Co-guide ${n}` });

describe('Co-guide rows', () => {
  it('the first row has no remove button; added rows have one and can be removed', async () => {
    renderCoGuides();
    await screen.findByRole('textbox', { name: 'Co-guide 1 name' }, PATIENTLY);
    expect(removeButton(1)).toBeNull();

    fireEvent.click(within(card()).getByRole('button', { name: 'Add Co-guide' }));
    fireEvent.click(within(card()).getByRole('button', { name: 'Add Co-guide' }));
    expect(nameInput(3)).toBeTruthy();
    expect(removeButton(1)).toBeNull();
    expect(removeButton(2)).toBeTruthy();
    expect(removeButton(3)).toBeTruthy();

    fireEvent.change(nameInput(2), { target: { value: 'Dr. Second' } });
    fireEvent.change(nameInput(3), { target: { value: 'Dr. Third' } });
    fireEvent.click(removeButton(2) as HTMLElement);
    // The rows close up: the third is now the second.
    expect(within(card()).queryByRole('textbox', { name: 'Co-guide 3 name' })).toBeNull();
    expect((nameInput(2) as HTMLInputElement).value).toBe('Dr. Third');
    expect(removeButton(1)).toBeNull();
    fireEvent.click(removeButton(2) as HTMLElement);
    expect(within(card()).getAllByRole('textbox')).toHaveLength(1);
    expect(removeButton(1)).toBeNull();
  });

  it('shows coGuidesError row by row in the error dialog and marks the field', async () => {
    const { sent } = renderCoGuides();
    await screen.findByRole('textbox', { name: 'Co-guide 1 name' }, PATIENTLY);
    const save = () => fireEvent.click(within(card()).getByRole('button', { name: 'Save Co-guides' }));

    save();
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(THESIS_MESSAGES.coGuideName(1));

    fireEvent.change(nameInput(1), { target: { value: 'Dr. First' } });
    save();
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(THESIS_MESSAGES.coGuideDepartment(1));
    expect(within(card()).getByText(THESIS_MESSAGES.coGuideDepartment(1))).toBeTruthy();

    await pickOption('Co-guide 1 department', 'Surgery', card());
    fireEvent.click(within(card()).getByRole('button', { name: 'Add Co-guide' }));
    fireEvent.change(nameInput(2), { target: { value: '   ' } });
    save();
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(THESIS_MESSAGES.coGuideName(2));
    expect(within(card()).getByText(THESIS_MESSAGES.coGuideName(2))).toBeTruthy();

    fireEvent.change(nameInput(2), { target: { value: 'Dr. Second' } });
    save();
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(THESIS_MESSAGES.coGuideDepartment(2));
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
  });

  it('asks first with the once-only warning, then saves the rows and shows them read-only', async () => {
    const saved = thesisOf('synopsis', {
      ...withGuide,
      coGuides: [
        { name: 'Dr. First', department: 'Surgery' },
        { name: 'Dr. Second', department: 'Medicine' },
      ],
      nextStep: 'certificate',
    });
    const { sent } = renderCoGuides({}, saved);
    await screen.findByRole('textbox', { name: 'Co-guide 1 name' }, PATIENTLY);
    fireEvent.change(nameInput(1), { target: { value: '  Dr. First ' } });
    await pickOption('Co-guide 1 department', 'Surgery', card());
    fireEvent.click(within(card()).getByRole('button', { name: 'Add Co-guide' }));
    fireEvent.change(nameInput(2), { target: { value: 'Dr. Second' } });
    await pickOption('Co-guide 2 department', 'Medicine', card());

    // Cancel sends nothing.
    fireEvent.click(within(card()).getByRole('button', { name: 'Save Co-guides' }));
    let confirm = await screen.findByRole('dialog', { name: THESIS_MESSAGES.confirmTitle }, PATIENTLY);
    expect(confirm.textContent).toContain(
      'Do you really want to add these co-guides? Once added, they cannot be edited.',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: THESIS_MESSAGES.confirmTitle })).toBeNull(),
    );
    expect(sent.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(within(card()).getByRole('button', { name: 'Save Co-guides' }));
    confirm = await screen.findByRole('dialog', { name: THESIS_MESSAGES.confirmTitle }, PATIENTLY);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, add it!' }));
    expect((await readDialog('Success')).textContent).toContain('Co-guides added successfully');
    expect(sent.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/theses/synopsis/co-guides',
      body: {
        coGuides: [
          { name: 'Dr. First', department: 'Surgery' },
          { name: 'Dr. Second', department: 'Medicine' },
        ],
      },
    });
    // Written once: the rows are now text, with no inputs or buttons left.
    await waitFor(() => expect(within(card()).queryByRole('textbox')).toBeNull(), PATIENTLY);
    expect(card().textContent).toContain('Dr. First');
    expect(card().textContent).toContain('(Medicine)');
    expect(within(card()).queryByRole('button')).toBeNull();
  });

  it('a refusal from the server (409) shows its message', async () => {
    renderCoGuides({
      'POST /theses/synopsis/co-guides': {
        status: 409,
        body: { code: 'conflict', message: THESIS_MESSAGES.alreadySaved },
      },
    });
    await screen.findByRole('textbox', { name: 'Co-guide 1 name' }, PATIENTLY);
    fireEvent.change(nameInput(1), { target: { value: 'Dr. First' } });
    await pickOption('Co-guide 1 department', 'Surgery', card());
    fireEvent.click(within(card()).getByRole('button', { name: 'Save Co-guides' }));
    const confirm = await screen.findByRole('dialog', { name: THESIS_MESSAGES.confirmTitle }, PATIENTLY);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, add it!' }));
    expect((await readDialog('Error')).textContent).toContain(THESIS_MESSAGES.alreadySaved);
  });
});
