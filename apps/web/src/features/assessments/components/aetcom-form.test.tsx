import {
  AETCOM_GROUPS,
  AETCOM_MESSAGES,
  AETCOM_SKILL_COUNT,
  AETCOM_SKILLS,
  type AetcomRecord,
} from '@pgel/shared/academic/aetcom';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, PATIENTLY, readDialog, withModals } from '../../records/components/test-support';
import { AetcomForm } from './aetcom-form';

const STUDENT = '00000000-0000-4000-8000-0000000000f1';
const SAVED_MESSAGE = 'Aetcom year 2 saved for Asha Nair';

afterEach(() => vi.unstubAllGlobals());

const scoreInput = (group: string, skill: string) =>
  screen.getByRole('textbox', { name: `${group}: ${skill}` });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

function record(scores: Record<string, number>): AetcomRecord {
  return {
    id: '00000000-0000-4000-8000-0000000000e2',
    student: { id: STUDENT, name: 'Asha Nair' },
    year: 2,
    fromDate: '2025-01-01',
    toDate: '2026-01-01',
    scores,
    average: 7,
    scoredBy: { id: 'f', name: 'Dr. Rao' },
    scoredAt: '2026-01-02T10:00:00.000Z',
  };
}

describe('AetcomForm', () => {
  it('asks for the student, then the From Date, then every score, in that order; nothing is sent', async () => {
    const sent = fakeApi({});
    const { unmount } = withModals(<AetcomForm studentId={null} nextYear={null} />);
    save();
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(AETCOM_MESSAGES.selectStudent);
    unmount();

    withModals(<AetcomForm studentId={STUDENT} nextYear={2} />);
    expect(screen.getByText('Year 2')).toBeTruthy();
    save();
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(AETCOM_MESSAGES.selectFromDate);

    fireEvent.change(screen.getByRole('textbox', { name: /^From Date/ }), {
      target: { value: '01-01-2025' },
    });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'To Date' })).toHaveProperty('value', '01-01-2026'),
    );
    // The first group scored, the other ten not.
    for (const skill of AETCOM_SKILLS.slice(0, 4)) {
      fireEvent.change(scoreInput(skill.group, skill.skill), { target: { value: '7' } });
    }
    save();
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(AETCOM_MESSAGES.fillScores);
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('lists the 11 groups and saves the 41 scores, showing the server message', async () => {
    const sent = fakeApi({
      'POST /aetcom': (body) => ({
        status: 201,
        body: { message: SAVED_MESSAGE, record: record((body as { scores: Record<string, number> }).scores) },
      }),
    });
    withModals(<AetcomForm studentId={STUDENT} nextYear={2} />);
    for (const group of AETCOM_GROUPS) expect(screen.getByRole('group', { name: group.title })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /^From Date/ }), {
      target: { value: '01-01-2025' },
    });
    for (const [index, skill] of AETCOM_SKILLS.entries()) {
      fireEvent.change(scoreInput(skill.group, skill.skill), { target: { value: String((index % 10) + 1) } });
    }
    save();
    expect((await readDialog('Success')).textContent).toContain(SAVED_MESSAGE);
    const body = sent.find((request) => request.method === 'POST')?.body as {
      studentId: string;
      fromDate: string;
      scores: Record<string, number>;
    };
    expect(body.studentId).toBe(STUDENT);
    expect(body.fromDate).toBe('2025-01-01');
    expect(Object.keys(body.scores)).toHaveLength(AETCOM_SKILL_COUNT);
    expect(body.scores['attitudes.1']).toBe(1);
    expect(body.scores['oratory.4']).toBe(1);
    const first = AETCOM_SKILLS[0] as (typeof AETCOM_SKILLS)[number];
    await waitFor(() => expect(scoreInput(first.group, first.skill)).toHaveProperty('value', ''), PATIENTLY);
  });
});
