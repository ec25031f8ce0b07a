import { describe, expect, it } from 'vitest';
import { clinicalCase, crimeScene, diagnosticSkill, procedure } from '../records/kinds';
import {
  type PrintableRecord,
  printCell,
  printColumns,
  printDate,
  printPeriod,
  printScore,
  printSkillTitle,
  printText,
} from './print-format';

const record = (overrides: Partial<PrintableRecord> = {}): PrintableRecord => ({
  date: '2024-08-05',
  teacherName: 'Dr. Guide',
  status: 'approved',
  studentRemark: null,
  verifierRemark: '',
  score: { value: 3, label: 'Good' },
  verifiedByName: 'Dr. Verifier',
  verifiedAt: new Date('2024-09-01T20:00:00Z'),
  certificateName: null,
  details: {},
  ...overrides,
});

describe('printDate', () => {
  it('prints calendar dates with long month names', () => {
    expect(printDate('2024-08-05')).toBe('5 August 2024');
    expect(printDate('2025-12-31')).toBe('31 December 2025');
  });

  it("prints an instant as India's date of it", () => {
    // 20:00 UTC is 01:30 the next day in India.
    expect(printDate(new Date('2024-09-01T20:00:00Z'))).toBe('2 September 2024');
    expect(printDate('2024-09-01T10:00:00.000Z')).toBe('1 September 2024');
  });

  it("answers 'N/A' for missing, blank and impossible dates", () => {
    for (const value of [null, undefined, '', '  ', 'soon', '2024-02-30', 42, new Date(Number.NaN)]) {
      expect(printDate(value)).toBe('N/A');
    }
  });

  it('prints a period', () => {
    expect(printPeriod('2024-08-05', null)).toBe('5 August 2024 - N/A');
  });
});

describe('printText', () => {
  it("answers 'N/A' for null, empty text and empty lists", () => {
    for (const value of [null, undefined, '', '   ', [], [''], {}]) expect(printText(value)).toBe('N/A');
  });

  it('reads options, lists and numbers', () => {
    expect(printText({ id: 'x', title: 'Cardiology' })).toBe('Cardiology');
    expect(printText(['Fever', 'Cough'])).toBe('Fever, Cough');
    expect(printText(0)).toBe('0');
    expect(printText('  trimmed ')).toBe('trimmed');
  });

  it('cuts skill titles to 20 characters', () => {
    expect(printSkillTitle({ id: 'x', title: 'Central venous catheterisation' })).toBe(
      'Central venous cathe',
    );
    expect(printSkillTitle('Short')).toBe('Short');
    expect(printSkillTitle(null)).toBe('N/A');
  });

  it('prints scores as the student reads them', () => {
    expect(printScore({ value: 3, label: 'Good' })).toBe('Good');
    expect(printScore({ value: 2.5, label: 'Average', rows: [{ title: 'a', value: 2 }] })).toBe(
      'Average (2.5)',
    );
    expect(printScore(null)).toBe('N/A');
  });
});

describe('printCell', () => {
  it('prints procedure columns: long dates, skill cut to 20, N/A for gaps', () => {
    const columns = printColumns(procedure);
    const row = record({
      details: { skills: { id: 's', title: 'Lumbar puncture with manometry' }, patient: 'Ravi', ipd: '' },
    });
    const cells = Object.fromEntries(columns.map((c) => [c.label, printCell(procedure, c, row)]));
    expect(cells).toMatchObject({
      Date: '5 August 2024',
      Skills: 'Lumbar puncture with',
      'OPD/IPD No.': 'N/A',
      Status: 'Approved',
      'S-Remark': 'N/A',
      'HOD / Unit Head Feedback': 'N/A',
      'Verified By / Verified On': 'Dr. Verifier / 2 September 2024',
      Score: 'Good',
    });
    // The patient's name is never printed (data minimisation).
    expect(Object.keys(cells)).not.toContain('Patient Name');
    expect(Object.values(cells)).not.toContain('Ravi');
  });

  it('does not cut skill titles of other kinds', () => {
    const skills = printColumns(diagnosticSkill).find((c) => c.label === 'Skills');
    if (!skills) throw new Error('no Skills column');
    const row = record({ details: { skill: { id: 's', title: 'Peripheral smear interpretation' } } });
    expect(printCell(diagnosticSkill, skills, row)).toBe('Peripheral smear interpretation');
  });

  it('never prints a column of sensitive fields, and leaves sensitive values out of joined cells', () => {
    for (const kind of [clinicalCase, crimeScene]) {
      const sensitive = new Set(kind.fields.filter((f) => f.sensitive).map((f) => `details.${f.name}`));
      for (const column of printColumns(kind)) {
        if (!column.values) expect(sensitive.has(column.value)).toBe(false);
      }
    }
    const joined = printColumns(crimeScene).find((c) => c.values);
    if (!joined) throw new Error('no joined column');
    const row = record({ details: { name: 'Hidden Name', age: 40, sex: 'Male' } });
    expect(printCell(crimeScene, joined, row)).toBe('40 / Male');
  });

  it("prints 'Verification Pending' before anyone has verified", () => {
    const column = printColumns(procedure).find((c) => c.format === 'verified');
    if (!column) throw new Error('no verified column');
    const row = record({ status: 'pending', verifiedByName: null, verifiedAt: null });
    expect(printCell(procedure, column, row)).toBe('Verification Pending');
  });
});
