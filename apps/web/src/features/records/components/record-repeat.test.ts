import { procedure } from '@pgel/shared/records/kinds';
import { describe, expect, it } from 'vitest';
import { optionGroups } from './record-fields';
import { initialRecordValues, withLastEntry } from './record-values';

const TODAY = '2026-11-28';
const last = {
  date: '2026-11-20',
  values: {
    teacherId: '0b4f2a8e-1f4c-4a39-9a55-2a1b7f3c9d10',
    competency: '1c5e3b9f-2a5d-4b4a-8b66-3b2c8e4d0e21',
    skills: '2d6f4cab-3b6e-4c5b-9c77-4c3d9f5e1f32',
    role: 'Observed',
    // Even if a server sent them, the form takes none of these.
    patient: 'Sunita Rao',
    ipd: 'IPD-4242',
    studentRemark: 'Tapped at L4',
    ipddDate: '2026-11-20',
  },
};

describe('repeat last in the form (issue 29)', () => {
  it("starts from the last entry's choices with today's date, never its patient, IPD/OPD number or remark", () => {
    const { values, applied } = withLastEntry(procedure, initialRecordValues(procedure, TODAY), last);
    expect(applied).toBe(true);
    expect(values).toEqual({
      ipddDate: TODAY,
      competency: last.values.competency,
      skills: last.values.skills,
      patient: '',
      ipd: '',
      role: 'Observed',
      teacherId: last.values.teacherId,
      studentRemark: '',
    });
  });

  it('never replaces what the form already holds; nothing to repeat is no note', () => {
    const start = { ...initialRecordValues(procedure, TODAY), role: 'Performed Independently' };
    expect(withLastEntry(procedure, start, last).values.role).toBe('Performed Independently');
    expect(withLastEntry(procedure, start, undefined)).toEqual({ values: start, applied: false });
  });
});

describe('favourites in a list (issue 29)', () => {
  const option = (id: string, title: string, flags: { pinned?: boolean; recent?: boolean } = {}) => ({
    id,
    title,
    ...flags,
  });

  it('shows pinned, then recent, then the rest under headings, in the order the server gave', () => {
    const groups = optionGroups([
      option('c', 'Chest tube', { pinned: true }),
      option('a', 'Ascitic tap', { recent: true }),
      option('b', 'Bone marrow', { recent: true }),
      option('d', 'Arterial line'),
    ]);
    expect(groups).toEqual([
      { group: 'Pinned', items: [{ value: 'c', label: 'Chest tube' }] },
      {
        group: 'Recent',
        items: [
          { value: 'a', label: 'Ascitic tap' },
          { value: 'b', label: 'Bone marrow' },
        ],
      },
      { group: 'All', items: [{ value: 'd', label: 'Arterial line' }] },
    ]);
  });

  it('is a plain list when nothing is pinned or recent', () => {
    expect(optionGroups([option('a', 'Ascitic tap'), option('b', 'Bone marrow')])).toEqual([
      { value: 'a', label: 'Ascitic tap' },
      { value: 'b', label: 'Bone marrow' },
    ]);
  });
});
