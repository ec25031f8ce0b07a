import type { CollegeListItem } from '@pgel/shared/schemas/reference-admin';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { splitCourseList } from './add-department-modal';
import { DepartmentsCell } from './college-departments-cell';
import { commaListPreview } from './comma-list-field';

const college = (names: string[]): CollegeListItem => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Test College',
  departments: names.map((name, i) => ({ id: `00000000-0000-4000-8000-00000000010${i}`, name })),
  address: 'Road',
  state: 'Delhi',
  phone: '9876543210',
  email: 'a@b.test',
  gstin: null,
  website: null,
  logoUrl: null,
});

describe('DepartmentsCell', () => {
  it('shows three departments, then read more / show less', () => {
    renderWithApp(<DepartmentsCell college={college(['A', 'B', 'C', 'D'])} />);
    expect(screen.getByText('A, B, C')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /read more/ }));
    expect(screen.getByText('A, B, C, D')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /show less/ }));
    expect(screen.getByText('A, B, C')).toBeTruthy();
  });

  it('has no toggle for three or fewer', () => {
    renderWithApp(<DepartmentsCell college={college(['A', 'B', 'C'])} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('commaListPreview', () => {
  const noun = { one: 'competency', many: 'competencies' };
  it('previews the records the split creates', () => {
    expect(commaListPreview(' A, B ,, C, A ', noun)).toBe('3 competencies will be added: A · B · C');
    expect(commaListPreview('A', noun)).toBe('1 competency will be added: A');
    expect(commaListPreview(' , ', noun)).toBe('Nothing to add yet.');
  });
});

describe('splitCourseList', () => {
  it('takes courses one per line or as a comma list, once each', () => {
    expect(splitCourseList('MD Genetics\r\n  DM  Genetics \n\nMD Genetics, DNB Genetics')).toEqual([
      'MD Genetics',
      'DM Genetics',
      'DNB Genetics',
    ]);
    expect(splitCourseList(' \n , ')).toEqual([]);
  });
});
