import { APPRAISAL_MESSAGES, APPRAISAL_PARTICULARS, type Appraisal } from '@pgel/shared/academic/appraisal';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubScreenWidth } from '../../../test/screen-width';
import { fakeApi, PATIENTLY, readDialog, withModals } from '../../records/components/test-support';
import { AppraisalForm } from './appraisal-form';

const STUDENT = '00000000-0000-4000-8000-0000000000f1';

afterEach(() => vi.unstubAllGlobals());

const score = (n: number) => screen.getByRole('textbox', { name: `Score: ${APPRAISAL_PARTICULARS[n - 1]}` });
const rowOf = (n: number) => score(n).closest('tr') as HTMLElement;

function typeScore(n: number, value: string) {
  fireEvent.change(score(n), { target: { value } });
}

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
  it('shows the evaluation band live as each score is typed', async () => {
    fakeApi({});
    withModals(<AppraisalForm studentId={STUDENT} />);
    expect(screen.getAllByRole('row')).toHaveLength(9);
    expect(within(rowOf(1)).queryByText('Not Satisfactory')).toBeNull();
    typeScore(1, '3');
    await waitFor(() => expect(within(rowOf(1)).getByText('Not Satisfactory')).toBeTruthy());
    typeScore(1, '5');
    await waitFor(() => expect(within(rowOf(1)).getByText('Satisfactory')).toBeTruthy());
    typeScore(2, '8');
    await waitFor(() => expect(within(rowOf(2)).getByText('More Than Satisfactory')).toBeTruthy());
    expect(within(rowOf(1)).getByText('Satisfactory')).toBeTruthy();
    expect(within(rowOf(3)).queryByText(/Satisfactory/)).toBeNull();
    // The reference beside the grid.
    expect(screen.getByText('1-3: Not Satisfactory')).toBeTruthy();
    expect(screen.getByText('7-9: More Than Satisfactory')).toBeTruthy();
  });

  it('says which is missing first: the student, the From Date, then the score of row N; nothing is sent', async () => {
    const sent = fakeApi({});
    const { unmount } = withModals(<AppraisalForm studentId={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(APPRAISAL_MESSAGES.noStudent);
    unmount();

    withModals(<AppraisalForm studentId={STUDENT} />);
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) typeScore(n, '5');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(APPRAISAL_MESSAGES.noToDate);

    await setFromDate('01-01-2025');
    typeScore(4, '');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(APPRAISAL_MESSAGES.scoreFor(4));
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
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
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) typeScore(n, String(n));
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
    expect(body.rows.map((row) => row.score)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(body.rows[0]?.remark).toBe('Reads widely');
    expect(body.rows[1]?.remark).toBeNull();

    await waitFor(() => expect(score(1)).toHaveProperty('value', ''), PATIENTLY);
    expect(score(8)).toHaveProperty('value', '');
    expect(screen.getByRole('textbox', { name: 'To Date' })).toHaveProperty('value', '');
  });

  it('on a 390 px phone each row is a card with its own Score and Remark, the band beside the particular', async () => {
    stubScreenWidth(390);
    fakeApi({});
    withModals(<AppraisalForm studentId={STUDENT} />);
    expect(screen.queryByRole('table')).toBeNull();
    const row = screen.getByRole('group', { name: APPRAISAL_PARTICULARS[6] });
    fireEvent.change(within(row).getByRole('textbox', { name: 'Score' }), { target: { value: '2' } });
    await waitFor(() => expect(within(row).getByText('Not Satisfactory')).toBeTruthy());
    expect(within(row).getByRole('textbox', { name: 'Remark' })).toBeTruthy();
  });
});
