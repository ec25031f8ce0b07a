import {
  AETCOM_GROUPS,
  AETCOM_MESSAGES,
  AETCOM_SKILL_COUNT,
  AETCOM_SKILLS,
  type AetcomRecord,
} from '@pgel/shared/academic/aetcom';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, PATIENTLY, readDialog, withModals } from '../../records/components/test-support';
import { AetcomForm } from './aetcom-form';

const STUDENT = '00000000-0000-4000-8000-0000000000f1';
const SAVED_MESSAGE = 'Aetcom year 2 saved for Asha Nair';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Skill = (typeof AETCOM_SKILLS)[number];
// Plain selectors: the accessible-name queries walk all 41 controls' 410 segments on every call.
const queryControl = (skill: Skill) =>
  document.querySelector<HTMLElement>(`[role="radiogroup"][aria-label="${skill.group}: ${skill.skill}"]`);
function control(skill: Skill): HTMLElement {
  const found = queryControl(skill);
  if (!found) throw new Error(`${skill.skill} is not on the page`);
  return found;
}
/** One tap: the segment of this score (its label, as a finger does). */
function tap(skill: Skill, score: number) {
  const radio = within(control(skill)).getByRole('radio', { name: String(score) });
  fireEvent.click(radio);
}
const chosen = (skill: Skill) =>
  control(skill).querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value ?? null;
const groupHeader = (title: string) => {
  const header = screen.getByText(title, { exact: true }).closest('button');
  if (!header) throw new Error(`no group ${title}`);
  return header;
};
const isOpen = (title: string) => groupHeader(title).getAttribute('aria-expanded') === 'true';
const skillsOf = (title: string) => AETCOM_SKILLS.filter((skill) => skill.group === title);
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const setFromDate = async (value: string, to: string) => {
  fireEvent.change(screen.getByRole('textbox', { name: /^From Date/ }), { target: { value } });
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'To Date' })).toHaveProperty('value', to));
};

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
  it('scores a skill with one tap; the group and the year average follow each tap', async () => {
    fakeApi({});
    withModals(<AetcomForm studentId={STUDENT} nextYear={2} />);
    const [a, b, c, d] = skillsOf('Attitudes') as [Skill, Skill, Skill, Skill];
    const groupAverage = () => screen.getByTestId('aetcom-average-attitudes').textContent;
    const yearAverage = () => screen.getByTestId('aetcom-year-average').textContent;
    expect(groupAverage()).toBe('–');
    expect(yearAverage()).toBe('Year average: –');

    tap(a, 7);
    expect(chosen(a)).toBe('7');
    expect(groupAverage()).toBe('Avg 7.00');
    expect(yearAverage()).toBe('Year average: 7.00');
    tap(b, 4);
    expect(groupAverage()).toBe('Avg 5.50');
    expect(screen.getByText('2 of 41 scored')).toBeTruthy();
    // Changing a score is one tap too.
    tap(a, 10);
    expect(chosen(a)).toBe('10');
    expect(groupAverage()).toBe('Avg 7.00');
    tap(c, 9);
    tap(d, 1);
    expect(groupAverage()).toBe('Avg 6.00');
    expect(yearAverage()).toBe('Year average: 6.00');
  });

  it('closes a group once all its skills are scored and opens the next, showing its average', async () => {
    fakeApi({});
    withModals(<AetcomForm studentId={STUDENT} nextYear={1} />);
    expect(isOpen('Attitudes')).toBe(true);
    expect(isOpen('Ethics & Values')).toBe(false);
    for (const skill of skillsOf('Attitudes')) tap(skill, 8);
    await waitFor(() => expect(isOpen('Attitudes')).toBe(false));
    expect(isOpen('Ethics & Values')).toBe(true);
    expect(groupHeader('Attitudes').textContent).toContain('Avg 8.00');
    // A scored group opens again by its name and keeps its scores.
    fireEvent.click(groupHeader('Attitudes'));
    await waitFor(() => expect(isOpen('Attitudes')).toBe(true));
    expect(chosen(skillsOf('Attitudes')[0] as Skill)).toBe('8');
  });

  it('keeps a 10 and says so, never emptying it; a typed 11 is refused aloud and the score stays', async () => {
    fakeApi({});
    withModals(<AetcomForm studentId={STUDENT} nextYear={1} />);
    const [first, second] = skillsOf('Attitudes') as [Skill, Skill];
    tap(first, 10);
    expect(chosen(first)).toBe('10');
    // On a keyboard: '1' then '0' is 10; '1' then '1' is no score and is said to be none.
    fireEvent.keyDown(control(second), { key: '1' });
    fireEvent.keyDown(control(second), { key: '0' });
    expect(chosen(second)).toBe('10');
    fireEvent.keyDown(control(second), { key: '1' });
    fireEvent.keyDown(control(second), { key: '1' });
    expect(chosen(second)).toBe('1');
    expect(within(control(second).parentElement as HTMLElement).getByRole('status').textContent).toBe(
      '11 is not a score: choose 1 to 10.',
    );
    expect(screen.getByTestId('aetcom-average-attitudes').textContent).toBe('Avg 5.50');
  });

  it('asks for the student, then the From Date; marks every unscored skill, opens its group, scrolls to the first; then saves all 41', async () => {
    const sent = fakeApi({
      'POST /aetcom': (body) => ({
        status: 201,
        body: { message: SAVED_MESSAGE, record: record((body as { scores: Record<string, number> }).scores) },
      }),
    });
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    const { unmount } = withModals(<AetcomForm studentId={null} nextYear={null} />);
    save();
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(AETCOM_MESSAGES.selectStudent);
    unmount();

    withModals(<AetcomForm studentId={STUDENT} nextYear={2} />);
    expect(screen.getByText('Year 2')).toBeTruthy();
    save();
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(AETCOM_MESSAGES.selectFromDate);
    await setFromDate('01-01-2025', '01-01-2026');

    // Attitudes scored (it closes), Ethics & Values half: 36 skills are left.
    for (const skill of skillsOf('Attitudes')) tap(skill, 7);
    await waitFor(() => expect(isOpen('Ethics & Values')).toBe(true));
    tap(skillsOf('Ethics & Values')[0] as Skill, 6);
    expect(screen.queryByText(AETCOM_MESSAGES.notScored)).toBeNull();
    save();
    const dialog = await readDialog(VALIDATION_TITLE);
    expect(dialog.textContent).toContain(AETCOM_MESSAGES.fillScores);
    expect(dialog.textContent).toContain(AETCOM_MESSAGES.unscoredCount(36));
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    // Every group with a skill left is open, the scored one is not; each left skill is marked.
    expect(isOpen('Attitudes')).toBe(false);
    for (const group of AETCOM_GROUPS.slice(1)) expect(isOpen(group.title)).toBe(true);
    await waitFor(() => expect(screen.getAllByText(AETCOM_MESSAGES.notScored)).toHaveLength(36), PATIENTLY);
    const firstLeft = skillsOf('Ethics & Values')[1] as Skill;
    expect(control(firstLeft).getAttribute('aria-invalid')).toBe('true');
    expect(control(skillsOf('Ethics & Values')[0] as Skill).getAttribute('aria-invalid')).toBeNull();
    expect(groupHeader('Leadership Skills').textContent).toContain('5 not scored');
    // The page scrolls to the first one left.
    await waitFor(() => expect(scrolled.at(-1)?.textContent).toContain(firstLeft.skill));

    // Scoring it clears its mark; scoring the rest, the tenth with 10, lets the year save.
    tap(firstLeft, 5);
    expect(control(firstLeft).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getAllByText(AETCOM_MESSAGES.notScored)).toHaveLength(35);
    for (const skill of AETCOM_SKILLS.slice(6)) {
      await waitFor(() => expect(queryControl(skill)).not.toBeNull(), PATIENTLY);
      tap(skill, skill === AETCOM_SKILLS[9] ? 10 : 8);
    }
    expect(screen.getByText(`${AETCOM_SKILL_COUNT} of ${AETCOM_SKILL_COUNT} scored`)).toBeTruthy();
    // All scored: every group closed, the page short.
    await waitFor(() => expect(AETCOM_GROUPS.filter((group) => isOpen(group.title))).toEqual([]));
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
    expect(body.scores['attitudes.1']).toBe(7);
    expect(body.scores['ethics.1']).toBe(6);
    expect(body.scores['ethics.2']).toBe(5);
    // The tenth skill was tapped 10, and 10 is what was sent.
    expect(body.scores[(AETCOM_SKILLS[9] as Skill).key]).toBe(10);
    expect(body.scores['oratory.4']).toBe(8);
    await waitFor(
      () => expect(screen.getByTestId('aetcom-year-average').textContent).toBe('Year average: –'),
      PATIENTLY,
    );
    expect(isOpen('Attitudes')).toBe(true);
  }, 60_000);

  it("starts from the next year's suggested From Date, also when it arrives after the form", async () => {
    fakeApi({});
    // The student's list (and with it the suggestion) answers after the form is drawn.
    function Late() {
      const [suggested, setSuggested] = useState<string | null>(null);
      return (
        <>
          <button type="button" onClick={() => setSuggested('2025-01-01')}>
            List arrives
          </button>
          <AetcomForm studentId={STUDENT} nextYear={suggested ? 3 : null} suggestedFromDate={suggested} />
        </>
      );
    }
    withModals(<Late />);
    expect(screen.getByRole('textbox', { name: 'To Date' })).toHaveProperty('value', '');
    fireEvent.click(screen.getByRole('button', { name: 'List arrives' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'To Date' })).toHaveProperty('value', '01-01-2026'),
    );
    expect(screen.getByRole('textbox', { name: /^From Date/ })).toHaveProperty('value', '01-01-2025');
  });
});
