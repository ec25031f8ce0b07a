import { describe, expect, it } from 'vitest';
import { clinicalCase, drpAutopsy, procedure } from '../records/kinds';
import {
  initialsOf,
  maskIdentifier,
  maskPatientDetails,
  patientIdentifierFields,
  patientNameFields,
  plainPatientIdentifierFields,
} from './masking';

describe('maskIdentifier: a hospital number as a printout shows it (issue 28)', () => {
  it.each([
    ['IPD/2024/56789', '•••789'],
    ['  OPD-12345 ', '•••345'],
    ['1234', '•••234'],
    ['123', '•••'],
    ['7', '•••'],
  ])('%s -> %s', (value, masked) => {
    expect(maskIdentifier(value)).toBe(masked);
  });
});

describe('initialsOf', () => {
  it.each([
    ['Ramesh Kumar', 'R. K.'],
    ['  ramesh   kumar sharma ', 'R. K. S.'],
    ['Dr. Anil', 'A.'],
    ['Mrs. Sunita Rao', 'S. R.'],
    ['Śrī Ānand', 'Ś. Ā.'],
    ['(Ravi) Teja', 'R. T.'],
    ['', ''],
  ])('%s -> %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});

describe('maskPatientDetails', () => {
  it("names the patient fields of the clinical case, the deceased and the procedure's patient", () => {
    expect(patientNameFields(clinicalCase)).toEqual(['name']);
    expect(patientNameFields(drpAutopsy)).toEqual(['name']);
    expect(patientNameFields(procedure)).toEqual(['patient']);
  });

  it('keeps initials of names, drops the other identifiers, keeps the clinical content', () => {
    expect(
      maskPatientDetails(clinicalCase, {
        name: 'Ramesh Kumar',
        contactNumber: '9876543210',
        address: '4 MG Road',
        diagnosis: 'Dengue',
      }),
    ).toEqual({ name: 'R. K.', diagnosis: 'Dengue' });
    expect(maskPatientDetails(procedure, { patient: 'Sita Devi', ipd: 'IPD-1' })).toEqual({
      patient: 'S. D.',
      ipd: 'IPD-1',
    });
  });
});

describe('patientIdentifierFields', () => {
  it('names the sensitive fields, the patient names and the columns that identify the patient', () => {
    expect(patientIdentifierFields(clinicalCase).sort()).toEqual(
      ['address', 'contactNumber', 'name', 'patientId'].sort(),
    );
    expect(patientIdentifierFields(procedure)).toEqual(['patient']);
    expect(patientIdentifierFields(drpAutopsy)).toEqual(['name']);
    expect(plainPatientIdentifierFields(clinicalCase)).toEqual(['patientId']);
    expect(plainPatientIdentifierFields(procedure)).toEqual(['patient']);
    expect(plainPatientIdentifierFields(drpAutopsy)).toEqual([]);
  });
});
