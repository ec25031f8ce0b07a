import { RECORD_MESSAGES, type RecordListItem } from '@pgel/shared/records/api';
import { clinicalTraining, introductionSchedule, leave, procedure } from '@pgel/shared/records/kinds';
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

/** A dialog by title, waited for longer: a rubric's 50 radios make role queries slow on a busy machine. */
const dialogOpened = (name: string) => screen.findByRole('dialog', { name }, { timeout: 5000 });

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
    confirmedRole: null,
    amendedAt: null,
    flags: [],
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
    record: { ...record(leave, {}), status: 'approved', canVerify: true, canDelete: false, history: [] },
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
    // Pending is shown, never offered: only a verdict can be chosen (Reset returns to Pending).
    expect(await optionsOf(labelled('Status'), form.modal)).toEqual(['Approved', 'Rejected']);
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

  it('rubric: one tap (0-4) per row with the running average; the unscored rows are named', async () => {
    const rows = CLINICAL_TRAINING_RUBRICS['Journal Club'];
    const sent = fakeApi({ [`POST /records/${ID}/verification`]: VERIFIED });
    const form = await openVerify(
      clinicalTraining,
      record(clinicalTraining, { trainingType: 'Journal Club', topic: 'RCT appraisal' }),
    );
    expect(within(form.modal).queryByRole('combobox', { name: labelled('Score') })).toBeNull();
    // No dropdown per row: Status is the only select.
    expect(within(form.modal).getAllByRole('combobox')).toHaveLength(1);
    const rowGroups = rows.map((row, index) =>
      within(form.modal).getByRole('radiogroup', { name: `${index + 1}. ${row}` }),
    );
    expect(rowGroups).toHaveLength(10);
    expect(
      within(rowGroups[0] as HTMLElement)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['0 - Poor', '1 - Satisfactory', '2 - Average', '3 - Good', '4 - Very Good']);
    const score = (index: number, value: number) =>
      fireEvent.click(
        within(rowGroups[index] as HTMLElement).getByRole('radio', { name: new RegExp(`^${value} - `) }),
      );
    const overall = within(form.modal).getByTestId('rubric-overall');
    expect(overall.textContent).toBe('–');

    score(0, 4);
    score(1, 3);
    expect(overall.textContent).toBe('3.50');
    expect(form.modal.textContent).toContain('2 of 10 items scored');

    await pickOption(labelled('Status'), 'Rejected', form.modal);
    form.feedback('Needs work');
    form.submit();
    // Eight rows are still unscored: the spec's message, then those rows by number and title.
    await dialogOpened('Error');
    const error = await readDialog('Error');
    expect(error.textContent).toContain(RECORD_MESSAGES.verifyAllFields);
    for (const [index, row] of rows.entries()) {
      if (index < 2) expect(error.textContent).not.toContain(row);
      else expect(error.textContent).toContain(`${index + 1}. ${row}`);
    }
    // The form marks them too.
    expect(within(form.modal).getAllByText('Not scored')).toHaveLength(8);
    expect(sent).toHaveLength(0);

    const values = [4, 3, 2, 2, 1, 0, 4, 4, 3, 2];
    for (const [index, value] of values.entries()) {
      if (index >= 2) score(index, value);
    }
    expect(overall.textContent).toBe(rubricOverall(values).toFixed(2));
    expect(within(form.modal).queryByText('Not scored')).toBeNull();
    form.submit();
    await dialogOpened('Success');
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

  it('procedure: the logged role is chosen already; one tap changes it, says so, and is sent', async () => {
    const sent = fakeApi({ [`POST /records/${ID}/verification`]: VERIFIED });
    const details = { skills: { id: OTHER_ID, title: 'Chest drain' }, role: 'Performed Independently' };
    const form = await openVerify(procedure, record(procedure, details));
    const roles = within(form.modal).getByRole('radiogroup', { name: 'Role' });
    const role = (name: string) => within(roles).getByRole('radio', { name });
    const isChosen = (name: string) => role(name).getAttribute('aria-checked') === 'true';
    expect(isChosen('Performed Independently')).toBe(true);
    expect(within(roles).getAllByRole('radio')).toHaveLength(4);
    expect(form.modal.textContent).toContain('Logged by the resident: Performed Independently');
    expect(form.modal.textContent).not.toContain('Changed');

    fireEvent.click(role('Performed with Guide'));
    expect(isChosen('Performed with Guide')).toBe(true);
    expect(isChosen('Performed Independently')).toBe(false);
    expect(form.modal.textContent).toContain(
      'Changed (logged: Performed Independently, confirmed: Performed with Guide)',
    );
    await pickOption(labelled('Status'), 'Approved', form.modal);
    await pickOption(labelled('Score'), '3 - Good', form.modal);
    form.feedback('Done with the guide scrubbed in');
    form.submit();
    await screen.findByRole('dialog', { name: 'Success' });
    expect(sent[0]?.body).toEqual({
      status: 'approved',
      remark: 'Done with the guide scrubbed in',
      score: 3,
      confirmedRole: 'Performed with Guide',
    });
  });

  it('procedure: submitting without a tap confirms the role as logged', async () => {
    const sent = fakeApi({ [`POST /records/${ID}/verification`]: VERIFIED });
    const form = await openVerify(procedure, record(procedure, { role: 'Assisted' }));
    await pickOption(labelled('Status'), 'Approved', form.modal);
    await pickOption(labelled('Score'), '4 - Very Good', form.modal);
    form.feedback('Seen');
    form.submit();
    await screen.findByRole('dialog', { name: 'Success' });
    expect(sent[0]?.body).toMatchObject({ confirmedRole: 'Assisted' });
  });

  it('Reset asks for a reason, then sends a verified record back to Pending with it', async () => {
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
    // Reset asks first; Cancel sends nothing and leaves the form as it was.
    fireEvent.click(within(form.modal).getByRole('button', { name: 'Reset' }));
    const asked = await screen.findByRole('dialog', { name: RECORD_MESSAGES.resetConfirmTitle });
    expect(asked.textContent).toContain(RECORD_MESSAGES.resetConfirm);
    fireEvent.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: RECORD_MESSAGES.resetConfirmTitle })).toBeNull(),
    );
    // Escape in the question closes the question only, never the form under it.
    fireEvent.click(within(form.modal).getByRole('button', { name: 'Reset' }));
    const again = await screen.findByRole('dialog', { name: RECORD_MESSAGES.resetConfirmTitle });
    fireEvent.keyDown(within(again).getByRole('button', { name: 'Cancel' }), { key: 'Escape' });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: RECORD_MESSAGES.resetConfirmTitle })).toBeNull(),
    );
    expect(sent).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Verification' })).toBeTruthy();
    expect(form.onClose).not.toHaveBeenCalled();

    // No reason (or only spaces): the question says so and sends nothing.
    fireEvent.click(within(form.modal).getByRole('button', { name: 'Reset' }));
    const question = await screen.findByRole('dialog', { name: RECORD_MESSAGES.resetConfirmTitle });
    const reason = within(question).getByLabelText(labelled(RECORD_MESSAGES.resetReasonLabel), {
      selector: 'textarea',
    });
    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.click(within(question).getByRole('button', { name: 'Reset' }));
    expect(await within(question).findByText(RECORD_MESSAGES.resetReasonRequired)).toBeTruthy();
    expect(sent).toHaveLength(0);

    fireEvent.change(reason, { target: { value: '  Wrong patient ward entered  ' } });
    fireEvent.click(within(question).getByRole('button', { name: 'Reset' }));
    expect((await screen.findByRole('dialog', { name: 'Success' })).textContent).toContain(
      RECORD_MESSAGES.reset,
    );
    expect(sent).toEqual([
      { method: 'POST', path: `/records/${ID}/reset`, body: { reason: 'Wrong patient ward entered' } },
    ]);
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
    expect(await optionsOf(labelled('Status'), modal)).toEqual(['Approved', 'Rejected']);
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
