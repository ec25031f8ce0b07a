import { findKind } from '@pgel/shared/records/kinds';
import type { RecordKind } from '@pgel/shared/records/types';
import { afterEach, describe, expect, it } from 'vitest';
import { restoreRecordDraft, saveRecordDraft } from './record-draft';

const USER = '11111111-1111-4111-8111-111111111111';

function kind(id: string): RecordKind {
  const found = findKind(id);
  if (!found) throw new Error(`no kind ${id}`);
  return found;
}

/** Everything the app wrote to local storage, as one text. */
function storedText(): string {
  const parts: string[] = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i) ?? '';
    parts.push(key, localStorage.getItem(key) ?? '');
  }
  return parts.join('\n');
}

afterEach(() => localStorage.clear());

describe('a draft kept in local storage (issue 29: patient privacy on the device)', () => {
  it("keeps a procedure's remark but never the patient's name nor the IPD/OPD number", () => {
    const procedure = kind('procedure');
    saveRecordDraft(
      USER,
      procedure,
      {
        ipddDate: '2026-11-27',
        patient: 'Zebulon Quartermaine',
        ipd: 'IPD-987654',
        studentRemark: 'Done under LA',
      },
      { ipddDate: '2026-11-27' },
    );

    const text = storedText();
    expect(text).toContain('Done under LA');
    expect(text).not.toContain('Zebulon');
    expect(text).not.toContain('IPD-987654');
    expect(restoreRecordDraft(USER, procedure, { ipddDate: '2026-11-27' })).toEqual({
      ipddDate: '2026-11-27',
      studentRemark: 'Done under LA',
    });
  });

  it("keeps no clinical case's patient name, contact, address or patient id", () => {
    const clinicalCase = kind('clinical-case');
    const identifiers = Object.fromEntries(
      clinicalCase.fields
        .filter((field) => field.sensitive || field.patientName || field.name === 'patientId')
        .map((field) => [field.name, `SECRET-${field.name}`]),
    );
    expect(Object.keys(identifiers)).toEqual(expect.arrayContaining(['name', 'patientId']));
    saveRecordDraft(USER, clinicalCase, { ...identifiers, studentRemark: 'Pneumonia' }, {});

    const text = storedText();
    expect(text).toContain('Pneumonia');
    expect(text).not.toContain('SECRET-');
  });

  it("keeps no deceased's name, PMR number nor DD/FIR number of a medico-legal autopsy", () => {
    const autopsy = kind('medico-legal');
    saveRecordDraft(
      USER,
      autopsy,
      { name: 'Yolanda Featherstonehaugh', pmrNo: 'PMR-4455', firNo: 'FIR-7788', age: 40 },
      {},
    );

    const text = storedText();
    expect(text).not.toContain('Featherstonehaugh');
    expect(text).not.toContain('PMR-4455');
    expect(text).not.toContain('FIR-7788');
    expect(text).toContain('40');
  });
});
