import type { RecordListItem } from '@pgel/shared/records/api';
import { crimeScene } from '@pgel/shared/records/kinds';
import { describe, expect, it } from 'vitest';
import { formatValues } from './record-format';

const row = (details: Record<string, unknown>) => ({ details }) as unknown as RecordListItem;
const nameAgeSex = crimeScene.columns.find((column) => column.values)?.values ?? [];

describe("formatValues: a column of several values (the forensic 'Name / Age / Sex')", () => {
  it('joins the values with a slash', () => {
    expect(formatValues(row({ name: 'Ravi Kumar', age: 41, sex: 'Male' }), nameAgeSex)).toBe(
      'Ravi Kumar / 41 / Male',
    );
  });

  it('leaves out the name a caller is not shown', () => {
    expect(formatValues(row({ age: 41, sex: 'Male' }), nameAgeSex)).toBe('41 / Male');
  });
});
