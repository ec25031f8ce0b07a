import { APPRAISAL_MESSAGES, APPRAISAL_PARTICULARS, type Appraisal } from '@pgel/shared/academic/appraisal';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubScreenWidth } from '../../../test/screen-width';
import { fakeApi, PATIENTLY, readDialog, withModals } from '../../records/components/test-support';
import { AppraisalForm } from './appraisal-form';

const STUDENT = '00000000-0000-4000-8000-0000000000f1';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// A plain selector: the accessible-name query walks every segment of the grid on each call.
function score(n: number): HTMLElement {
  const found = document.querySelector<HTMLElement>(
    `[role="radiogroup"][aria-label="Score: ${APPRAISAL_PARTICULARS[n - 1]}"]`,
  );
  if (!found) throw new Error(`no score control for row ${n}`);
  return found;
}
const rowOf = (n: number) => score(n).closest('tr') as HTMLElement;
/** One tap on row n's segment for `value`. */
const tapScore = (n: number, value: number) =>
  fireEvent.click(score(n).querySelector(`input[value="${value}"]`) as HTMLElement);
const chosen = (n: number) => score(n).querySelector<HTMLInputElement>('input:checked')?.value ?? null;

async function setFromDate(value: string) {
  fireEvent.change(screen.getByRole('textbox', { name: /^From Date/ }), { target: { value } });
  await waitFor(() =>
    expect(screen.getByRole('textbox', { name: 'To Date' })).toHaveProperty('value', '01-04-2025'),
  );
}

function saved(body: { fromDate: string; rows: { score: number; remark: string | null }[] }): Appraisal {
  return {
    id: '00000000-0000-4000-8000-0000000000e1',
    student: { id: STUDENT, name: 'Asha Nair' },
    fromDate: body.fromDate,
    toDate: '2025-04-01',
    rows: body.rows.map((row, index) => ({
      particular: APPRAISAL_PARTICULARS[index] as string,
      score: row.score,
      evaluation: 'Satisfactory',
      remark: row.remark,
    })),
    appraisedBy: { id: 'f', name: 'Dr. Rao' },
    appraisedAt: '2025-04-02T10:00:00.000Z',
  };
}

describe('AppraisalForm', () => {
  it('scores a row with one tap on 1 to 9 and shows its band live; a typed 10 is refused aloud, not emptied', async () => {
    fakeApi({});
    withModals(<AppraisalForm studentId={STUDENT} />);
    expect(screen.getAllByRole('row')).toHaveLength(9);
    expect(
      within(score(1))
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(within(rowOf(1)).queryByText('Not Satisfactory')).toBeNull();
    tapScore(1, 3);
    expect(chosen(1)).toBe('3');
    expect(within(rowOf(1)).getByText('Not Satisfactory')).toBeTruthy();
    tapScore(1, 5);
    expect(within(rowOf(1)).getByText('Satisfactory')).toBeTruthy();
    tapScore(2, 9);
    expect(within(rowOf(2)).getByText('More Than Satisfactory')).toBeTruthy();
    expect(within(rowOf(3)).queryByText(/Satisfactory/)).toBeNull();
    expect(screen.getByText('2 of 8 scored')).toBeTruthy();
    // On a keyboard: '1' then '0' is no score here; it says so and row 2 keeps its 1.
    fireEvent.keyDown(score(2), { key: '1' });
    fireEvent.keyDown(score(2), { key: '0' });
    expect(chosen(2)).toBe('1');
    expect(within(rowOf(2)).getByRole('status').textContent).toBe('10 is not a score: choose 1 to 9.');
    // The reference beside the grid.
    expect(screen.getByText('1-3: Not Satisfactory')).toBeTruthy();
    expect(screen.getByText('7-9: More Than Satisfactory')).toBeTruthy();
  });

  it('Enter in the From Date takes the date and does not submit the form', async () => {
    const sent = fakeApi({});
    withModals(<AppraisalForm studentId={STUDENT} />);
    const from = screen.getByRole('textbox', { name: /^From Date/ });
    fireEvent.change(from, { target: { value: '01-01-2025' } });
    // fireEvent returns false when the default action (the form's implicit submit) was prevented.
    expect(fireEvent.keyDown(from, { key: 'Enter' })).toBe(false);
    expect(screen.getByRole('textbox', { name: 'To Date' })).toHaveProperty('value', '01-04-2025');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('says which is missing first: the student, the From Date, then row N, marking every unscored row and scrolling to the first', async () => {
    const sent = fakeApi({});
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    const { unmount } = withModals(<AppraisalForm studentId={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(APPRAISAL_MESSAGES.noStudent);
    unmount();

    withModals(<AppraisalForm studentId={STUDENT} />);
    for (const n of [1, 2, 3, 5, 7, 8]) tapScore(n, 5);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(APPRAISAL_MESSAGES.noToDate);
    expect(screen.queryByText(APPRAISAL_MESSAGES.notScored)).toBeNull();

    await setFromDate('01-01-2025');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(APPRAISAL_MESSAGES.scoreFor(4));
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
    expect(within(rowOf(4)).getByText(APPRAISAL_MESSAGES.notScored)).toBeTruthy();
    expect(within(rowOf(6)).getByText(APPRAISAL_MESSAGES.notScored)).toBeTruthy();
    expect(within(rowOf(5)).queryByText(APPRAISAL_MESSAGES.notScored)).toBeNull();
    expect(score(4).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(scrolled.at(-1)).toBe(rowOf(4)));
    tapScore(4, 2);
    expect(within(rowOf(4)).queryByText(APPRAISAL_MESSAGES.notScored)).toBeNull();
    expect(within(rowOf(4)).getByText('Not Satisfactory')).toBeTruthy();
  });

  it('saves the 8 rows, says so and clears the grid', async () => {
    const sent = fakeApi({
      'POST /appraisals': (body) => ({
        status: 201,
        body: { message: APPRAISAL_MESSAGES.saved, appraisal: saved(body as Parameters<typeof saved>[0]) },
      }),
    });
    withModals(<AppraisalForm studentId={STUDENT} />);
    await setFromDate('01-01-2025');
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) tapScore(n, n === 8 ? 9 : n);
    fireEvent.change(screen.getByRole('textbox', { name: `Remark: ${APPRAISAL_PARTICULARS[0]}` }), {
      target: { value: '  Reads widely ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect((await readDialog('Success')).textContent).toContain(APPRAISAL_MESSAGES.saved);
    const post = sent.find((request) => request.method === 'POST');
    expect(post?.path).toBe('/appraisals');
    const body = post?.body as {
      studentId: string;
      fromDate: string;
      rows: { score: number; remark: string | null }[];
    };
    expect(body.studentId).toBe(STUDENT);
    expect(body.fromDate).toBe('2025-01-01');
    expect(body.rows).toHaveLength(8);
    expect(body.rows.map((row) => row.score)).toEqual([1, 2, 3, 4, 5, 6, 7, 9]);
    expect(body.rows[0]?.remark).toBe('Reads widely');
    expect(body.rows[1]?.remark).toBeNull();

    await waitFor(() => expect(chosen(1)).toBeNull(), PATIENTLY);
    expect(chosen(8)).toBeNull();
    expect(screen.getByRole('textbox', { name: 'To Date' })).toHaveProperty('value', '');
  });

  it('on a 390 px phone each row is a card with its own Score and Remark, the band beside the particular', async () => {
    stubScreenWidth(390);
    fakeApi({});
    withModals(<AppraisalForm studentId={STUDENT} />);
    expect(screen.queryByRole('table')).toBeNull();
    const row = screen.getByRole('group', { name: APPRAISAL_PARTICULARS[6] });
    fireEvent.click(
      within(within(row).getByRole('radiogroup', { name: 'Score' })).getByRole('radio', { name: '2' }),
    );
    expect(within(row).getByText('Not Satisfactory')).toBeTruthy();
    expect(within(row).getByRole('textbox', { name: 'Remark' })).toBeTruthy();
  });
});
