import { RECORD_MESSAGES, type RecordListItem } from '@pgel/shared/records/api';
import { clinicalTraining, introductionSchedule, leave } from '@pgel/shared/records/kinds';
import { CLINICAL_TRAINING_RUBRICS } from '@pgel/shared/records/rubrics';
import { rubricOverall } from '@pgel/shared/records/scales';
import type { RecordKind } from '@pgel/shared/records/types';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BulkVerifyModal } from './bulk-verify-modal';
import { fakeApi, labelled, optionsOf, pickOption, readDialog, withModals } from './test-support';
import { commonScoring, liveOverall, scoringFor } from './verify-fields';
import { VerifyModal } from './verify-modal';

const ID = '00000000-0000-4000-8000-0000000000d1';
const OTHER_ID = '00000000-0000-4000-8000-0000000000d2';

afterEach(() => vi.unstubAllGlobals());

function record(kind: RecordKind, details: Record<string, unknown>, changes: Partial<RecordListItem> = {}) {
  return {
    id: ID,
    kind: kind.id,
    studentId: '00000000-0000-4000-8000-0000000000f1',
    studentName: 'Asha Nair',
    date: '2025-03-10',
    teacherId: null,
    teacherName: 'Dr. Rao',
    status: 'pending',
    studentRemark: 'Please verify',
    verifierRemark: null,
    score: null,
    verifiedByName: null,
    verifiedAt: null,
    everVerified: false,
    certificate: null,
    details,
    createdAt: '2025-03-10T10:00:00.000Z',
    ...changes,
  } satisfies RecordListItem;
}

const VERIFIED = {
  status: 200,
  body: {
    message: RECORD_MESSAGES.verified,
    record: { ...record(leave, {}), status: 'approved', canVerify: true, canDelete: false },
  },
};

async function openVerify(kind: RecordKind, item: RecordListItem, onClose = vi.fn()) {
  withModals(<VerifyModal kind={kind} record={item} onClose={onClose} />);
  const modal = await screen.findByRole('dialog', { name: 'Verification' });
  const submit = () => fireEvent.click(within(modal).getByRole('button', { name: 'Submit' }));
  const feedback = (text: string) =>
    fireEvent.change(within(modal).getByLabelText(labelled('Feedback'), { selector: 'textarea' }), {
      target: { value: text },
    });
  return { modal, submit, feedback, onClose };
}

describe('VerifyModal', () => {
  it('scale: Pending shown first; status, score and feedback all required; then one POST', async () => {
    const sent = fakeApi({ [`POST /records/${ID}/verification`]: VERIFIED });
    const form = await openVerify(
      introductionSchedule,
      record(introductionSchedule, { topic: 'Orientation' }),
    );
    const status = within(form.modal).getByRole('combobox', { name: labelled('Status') }) as HTMLInputElement;
    expect(status.value).toBe('Pending');
    expect(await optionsOf(labelled('Score'), form.modal)).toEqual([
      '0 - Poor',
      '1 - Satisfactory',
      '2 - Average',
      '3 - Good',
      '4 - Very Good',
    ]);

    form.submit();
    expect((await readDialog('Error')).textContent).toContain(RECORD_MESSAGES.verifyAllFields);
    await pickOption(labelled('Status'), 'Approved', form.modal);
    await pickOption(labelled('Score'), '3 - Good', form.modal);
    form.submit();
    // Feedback is required too.
    expect((await readDialog('Error')).textContent).toContain(RECORD_MESSAGES.verifyAllFields);
    form.feedback('   ');
    form.submit();
    expect((await readDialog('Error')).textContent).toContain(RECORD_MESSAGES.verifyAllFields);
    expect(sent).toHaveLength(0);

    form.feedback(' Well presented ');
    form.submit();
    expect((await screen.findByRole('dialog', { name: 'Success' })).textContent).toContain(
      RECORD_MESSAGES.verified,
    );
    expect(sent).toEqual([
      {
        method: 'POST',
        path: `/records/${ID}/verification`,
        body: { status: 'approved', remark: 'Well presented', score: 3 },
      },
    ]);
    expect(form.onClose).toHaveBeenCalled();
  });

  it('rubric: one 0-4 select per row with the live overall; every row required', async () => {
    const rows = CLINICAL_TRAINING_RUBRICS['Journal Club'];
    const sent = fakeApi({ [`POST /records/${ID}/verification`]: VERIFIED });
    const form = await openVerify(
      clinicalTraining,
      record(clinicalTraining, { trainingType: 'Journal Club', topic: 'RCT appraisal' }),
    );
    expect(within(form.modal).queryByRole('combobox', { name: labelled('Score') })).toBeNull();
    const rowSelects = rows.map((row, index) => labelled(`${index + 1}. ${row}`));
    expect(rowSelects).toHaveLength(10);
    const overall = within(form.modal).getByTestId('rubric-overall');
    expect(overall.textContent).toBe('–');

    await pickOption(rowSelects[0] as RegExp, '4 - Very Good', form.modal);
    await pickOption(rowSelects[1] as RegExp, '3 - Good', form.modal);
    expect(overall.textContent).toBe('3.50');

    await pickOption(labelled('Status'), 'Rejected', form.modal);
    form.feedback('Needs work');
    form.submit();
    // Eight rows are still unscored.
    expect((await readDialog('Error')).textContent).toContain(RECORD_MESSAGES.verifyAllFields);

    const values = [4, 3, 2, 2, 1, 0, 4, 4, 3, 2];
    for (const [index, value] of values.entries()) {
      if (index < 2) continue;
      await pickOption(rowSelects[index] as RegExp, new RegExp(`^${value} - `), form.modal);
    }
    expect(overall.textContent).toBe(rubricOverall(values).toFixed(2));
    form.submit();
    await screen.findByRole('dialog', { name: 'Success' });
    expect(sent[0]?.body).toEqual({ status: 'rejected', remark: 'Needs work', rubric: values });
  });

  it('rubric kind, type without a rubric: the ordinary scale', async () => {
    fakeApi({});
    const form = await openVerify(
      clinicalTraining,
      record(clinicalTraining, { trainingType: 'GROSS SEMINAR' }),
    );
    expect(await optionsOf(labelled('Score'), form.modal)).toHaveLength(5);
    expect(within(form.modal).queryByTestId('rubric-overall')).toBeNull();
  });

  it('leave: no score asked and none sent', async () => {
    const sent = fakeApi({ [`POST /records/${ID}/verification`]: VERIFIED });
    const form = await openVerify(leave, record(leave, { reasonType: 'Sick' }));
    expect(within(form.modal).queryByRole('combobox', { name: labelled('Score') })).toBeNull();
    await pickOption(labelled('Status'), 'Approved', form.modal);
    form.feedback('Get well soon');
    form.submit();
    await screen.findByRole('dialog', { name: 'Success' });
    expect(sent[0]?.body).toEqual({ status: 'approved', remark: 'Get well soon' });
  });

  it('Reset sends a verified record back to Pending', async () => {
    const sent = fakeApi({
      [`POST /records/${ID}/reset`]: { status: 200, body: { message: RECORD_MESSAGES.reset } },
    });
    const form = await openVerify(
      introductionSchedule,
      record(
        introductionSchedule,
        { topic: 'Orientation' },
        {
          status: 'approved',
          score: { value: 4, label: 'Very Good' },
          verifierRemark: 'Good',
          verifiedByName: 'Dr. Rao',
          verifiedAt: '2025-03-11T09:00:00.000Z',
        },
      ),
    );
    // The current verdict is shown, ready to change.
    expect(
      (within(form.modal).getByRole('combobox', { name: labelled('Score') }) as HTMLInputElement).value,
    ).toBe('4 - Very Good');
    fireEvent.click(within(form.modal).getByRole('button', { name: 'Reset' }));
    expect((await screen.findByRole('dialog', { name: 'Success' })).textContent).toContain(
      RECORD_MESSAGES.reset,
    );
    expect(sent).toEqual([{ method: 'POST', path: `/records/${ID}/reset`, body: null }]);
  });
});

describe('BulkVerifyModal', () => {
  it('one verdict, score and feedback for every selected record, in one request', async () => {
    const sent = fakeApi({
      'POST /records/bulk-verification': {
        status: 200,
        body: { message: RECORD_MESSAGES.bulkVerified(2), updatedCount: 2 },
      },
    });
    const onDone = vi.fn();
    const items = [
      record(introductionSchedule, { topic: 'A' }),
      record(introductionSchedule, { topic: 'B' }, { id: OTHER_ID }),
    ];
    withModals(
      <BulkVerifyModal
        kind={introductionSchedule}
        opened
        records={items}
        onClose={() => {}}
        onDone={onDone}
      />,
    );
    const modal = await screen.findByRole('dialog', { name: 'Verify selected' });
    expect(modal.textContent).toContain('2 entries selected');
    await pickOption(labelled('Status'), 'Approved', modal);
    await pickOption(labelled('Score'), '2 - Average', modal);
    fireEvent.change(within(modal).getByLabelText(labelled('Feedback'), { selector: 'textarea' }), {
      target: { value: 'Fine' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/records/bulk-verification',
        body: { status: 'approved', remark: 'Fine', score: 2, recordIds: [ID, OTHER_ID] },
      },
    ]);
  });
});

describe('scoring', () => {
  it('picks the rubric of the training type, else the other scale; mixed selections have none', () => {
    const journal = scoringFor(clinicalTraining, { trainingType: 'Journal Club' });
    const seminar = scoringFor(clinicalTraining, { trainingType: 'Seminar' });
    const extra = scoringFor(clinicalTraining, { trainingType: 'LABORATORY WORK' });
    expect(journal.type).toBe('rubric');
    expect(extra.type).toBe('scale');
    expect(scoringFor(leave, {}).type).toBe('none');
    expect(commonScoring([journal, journal])).toBe(journal);
    expect(commonScoring([journal, seminar])).toBeNull();
    expect(commonScoring([journal, extra])).toBeNull();
  });

  it('averages the scored rows, rounded to 2 decimals', () => {
    expect(liveOverall([null, null])).toBeNull();
    expect(liveOverall([4, null, 3])).toBe(3.5);
    expect(liveOverall([1, 2, 2])).toBe(1.67);
  });
});
