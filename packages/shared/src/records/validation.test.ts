import { describe, expect, it } from 'vitest';
import { RECORD_MESSAGES } from './api';
import { findKind, RECORD_KINDS } from './kinds';
import type { FieldDef, RecordKind } from './types';
import {
  inclusiveDays,
  type RecordValues,
  recordErrorMessage,
  selectOptions,
  todayIso,
  validateRecord,
} from './validation';

const TODAY = '2024-06-30';
const TOMORROW = '2024-07-01';
const context = { today: TODAY };
const ID_A = '3f1c2b9a-0d4e-4c6b-9a1f-2e7d8c5b6a01';
const ID_B = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c02';

const kindById = (id: string): RecordKind => {
  const kind = findKind(id);
  if (!kind) throw new Error(`no kind ${id}`);
  return kind;
};

/** A value each input accepts (test helper only). */
function sampleValue(field: FieldDef): unknown {
  switch (field.input) {
    case 'text':
      return field.pattern ? '9876543210' : `Sample ${field.label}`.slice(0, field.maxLength ?? 100);
    case 'textarea':
      return `Notes on ${field.label}`;
    case 'date':
      return '2024-06-10';
    case 'time':
      return '14:30';
    case 'number':
      return field.min;
    case 'select':
      return field.options[0];
    case 'remote-select':
      return field.source.list === 'skills' ? ID_B : ID_A;
    case 'file':
      return ID_A;
    case 'absent-present':
      return 'present';
    case 'text-list':
      return ['Fever for three days', 'Cough'];
    case 'computed':
      return undefined;
  }
}

function sampleRecordValues(kind: RecordKind): RecordValues {
  const values: RecordValues = {};
  for (const field of kind.fields) {
    const value = sampleValue(field);
    if (value !== undefined) values[field.name] = value;
  }
  return values;
}

function without(values: RecordValues, name: string): RecordValues {
  const copy = { ...values };
  delete copy[name];
  return copy;
}

const kinds = RECORD_KINDS.map((kind) => [kind.id, kind] as const);

describe.each(kinds)('validateRecord: %s', (_id, kind) => {
  it('accepts a fully valid sample and keeps every field', () => {
    const { errors, clean } = validateRecord(kind, sampleRecordValues(kind), context);
    expect(errors).toEqual([]);
    expect(Object.keys(clean).sort()).toEqual(kind.fields.map((f) => f.name).sort());
  });

  it('drops values of fields the kind does not have', () => {
    const { clean } = validateRecord(kind, { ...sampleRecordValues(kind), injected: 'x' }, context);
    expect(clean).not.toHaveProperty('injected');
  });

  const required = kind.fields.filter((f) => f.required && f.input !== 'computed');
  it.each(required.map((f) => [f.name, f] as const))(
    'reports a missing %s with the kind message',
    (name, field) => {
      const expected =
        field.input === 'text-list'
          ? RECORD_MESSAGES.requiredLabel(field.itemLabel)
          : kind.requiredMessage(field.label);
      for (const blank of [undefined, '', '   ', null]) {
        const values =
          blank === undefined
            ? without(sampleRecordValues(kind), name)
            : { ...sampleRecordValues(kind), [name]: blank };
        const { errors } = validateRecord(kind, values, context);
        expect(errors).toEqual([{ field: name, message: expected }]);
      }
    },
  );

  const optional = kind.fields.filter((f) => !f.required);
  if (optional.length > 0) {
    it.each(optional.map((f) => [f.name] as const))('accepts the optional %s left empty', (name) => {
      const { errors, clean } = validateRecord(kind, without(sampleRecordValues(kind), name), context);
      expect(errors).toEqual([]);
      expect(clean).not.toHaveProperty(name);
    });
  }

  const dates = kind.fields.filter((f) => f.input === 'date');
  /** The sample with `name` set to `value`; a computed day count's end follows its start. */
  const withDate = (name: string, value: string): RecordValues => {
    const values = { ...sampleRecordValues(kind), [name]: value };
    for (const f of kind.fields) if (f.input === 'computed' && f.from === name) values[f.to] = value;
    return values;
  };
  it.each(dates.map((f) => [f.name, f] as const))(
    'refuses %s after today unless allowFuture',
    (name, field) => {
      const { errors } = validateRecord(kind, withDate(name, TOMORROW), context);
      if (field.input === 'date' && field.allowFuture) expect(errors).toEqual([]);
      else expect(errors).toEqual([{ field: name, message: RECORD_MESSAGES.futureDate }]);
      // Today itself is fine.
      expect(validateRecord(kind, withDate(name, TODAY), context).errors).toEqual([]);
    },
  );

  it.each(dates.map((f) => [f.name] as const))('refuses an impossible %s', (name) => {
    const { errors } = validateRecord(kind, { ...sampleRecordValues(kind), [name]: '2024-02-30' }, context);
    expect(errors).toEqual([{ field: name, message: RECORD_MESSAGES.fillCorrectly }]);
  });

  const selects = kind.fields.filter((f) => f.input === 'select');
  it.each(selects.map((f) => [f.name, f] as const))('refuses a %s outside its options', (name, field) => {
    const { errors } = validateRecord(
      kind,
      { ...sampleRecordValues(kind), [name]: 'Something else' },
      context,
    );
    expect(errors).toEqual([{ field: name, message: RECORD_MESSAGES.optionNotFound(field.label) }]);
  });
});

describe('validateRecord: dates and computed days', () => {
  it('counts leave days inclusively, 0 when reversed or missing', () => {
    expect(inclusiveDays('2024-01-01', '2024-01-03')).toBe(3);
    expect(inclusiveDays('2024-01-01', '2024-01-01')).toBe(1);
    expect(inclusiveDays('2024-02-28', '2024-03-01')).toBe(3);
    expect(inclusiveDays('2023-02-28', '2023-03-01')).toBe(2);
    expect(inclusiveDays('2024-12-31', '2025-01-01')).toBe(2);
    expect(inclusiveDays('2024-01-03', '2024-01-01')).toBe(0);
    expect(inclusiveDays(undefined, '2024-01-01')).toBe(0);
    expect(inclusiveDays('2024-01-01', 'soon')).toBe(0);
  });

  it('recomputes leave days whatever the client sends, and allows future leave', () => {
    const leave = kindById('leave');
    const values = {
      ...sampleRecordValues(leave),
      fromDate: '2024-07-10',
      toDate: '2024-07-14',
      leaveDays: 99,
    };
    const { errors, clean } = validateRecord(leave, values, context);
    expect(errors).toEqual([]);
    expect(clean.leaveDays).toBe(5);
  });

  it('refuses a leave whose To Date precedes its From Date (0 days)', () => {
    const leave = kindById('leave');
    const values = { ...sampleRecordValues(leave), fromDate: '2024-07-14', toDate: '2024-07-10' };
    const { errors, clean } = validateRecord(leave, values, context);
    expect(clean.leaveDays).toBe(0);
    expect(errors).toEqual([{ field: 'leaveDays', message: RECORD_MESSAGES.fillCorrectly }]);
  });

  it('reports only the missing date, not the day count, when a leave date is missing', () => {
    const leave = kindById('leave');
    const { errors } = validateRecord(leave, without(sampleRecordValues(leave), 'toDate'), context);
    expect(errors).toEqual([{ field: 'toDate', message: RECORD_MESSAGES.fillAll }]);
  });

  it('formats today as YYYY-MM-DD in local time', () => {
    expect(todayIso(new Date(2024, 0, 5, 23, 59))).toBe('2024-01-05');
  });
});

describe('validateRecord: restricted clinical training types', () => {
  const kind = kindById('clinical-training');
  const trainingType = kind.fields.find((f) => f.name === 'trainingType');
  if (trainingType?.input !== 'select') throw new Error('trainingType is not a select');

  it.each(['LABORATORY WORK', 'INTERACTIVE SLIDE', 'GROSS SEMINAR'])(
    'accepts %s only where allowed',
    (type) => {
      const values = { ...sampleRecordValues(kind), trainingType: type };
      expect(validateRecord(kind, values, context).errors).toEqual([
        { field: 'trainingType', message: RECORD_MESSAGES.optionNotFound('Training Type') },
      ]);
      expect(
        validateRecord(kind, values, { today: TODAY, restrictedAllowed: () => false }).errors,
      ).toHaveLength(1);
      const asked: string[] = [];
      const allowed = validateRecord(kind, values, {
        today: TODAY,
        restrictedAllowed: (setting) => {
          asked.push(setting);
          return true;
        },
      });
      expect(allowed.errors).toEqual([]);
      expect(allowed.clean.trainingType).toBe(type);
      expect(asked).toEqual(['clinicalTrainingExtrasDepartment']);
    },
  );

  it('keeps the common types for every department', () => {
    const values = { ...sampleRecordValues(kind), trainingType: 'Journal Club' };
    expect(validateRecord(kind, values, context).errors).toEqual([]);
    expect(validateRecord(kind, values, { today: TODAY, restrictedAllowed: () => true }).errors).toEqual([]);
  });

  it('lists the restricted options only when allowed', () => {
    expect(selectOptions(trainingType, false)).not.toContain('GROSS SEMINAR');
    expect(selectOptions(trainingType, true)).toEqual([
      ...trainingType.options,
      ...(trainingType.restricted?.options ?? []),
    ]);
    expect(selectOptions(trainingType, true)).toHaveLength(10);
  });
});

describe('validateRecord: clinical case', () => {
  const kind = kindById('clinical-case');

  it('reports every missing field at once as "<Label> is required." (menstrual history optional)', () => {
    const { errors } = validateRecord(kind, {}, context);
    const required = kind.fields.filter((f) => f.name !== 'menstrualHistory');
    expect(errors).toHaveLength(required.length);
    expect(errors.map((e) => e.field)).toEqual(required.map((f) => f.name));
    expect(errors).not.toContainEqual(expect.objectContaining({ field: 'menstrualHistory' }));
    expect(errors).toContainEqual({ field: 'name', message: 'Patient Name is required.' });
    expect(errors).toContainEqual({ field: 'teacherId', message: 'Supervising Faculty is required.' });
    expect(errors).toContainEqual({ field: 'pallor', message: 'Pallor is required.' });
    expect(errors).toContainEqual({
      field: 'presentingComplaints',
      message: 'Presenting Complaint is required.',
    });
    for (const error of errors) expect(error.message).toMatch(/^.+ is required\.$/);
  });

  it('reports a bad contact number with its own message beside the missing fields', () => {
    const values = { ...sampleRecordValues(kind), contactNumber: '12345', occupation: '' };
    expect(validateRecord(kind, values, context).errors).toEqual([
      { field: 'occupation', message: 'Occupation is required.' },
      { field: 'contactNumber', message: 'Contact Number must be a 10-digit number.' },
    ]);
  });

  it.each(['12345', '98765432101', '98765-4321', 'abcdefghij', '+919876543'])(
    'refuses contact number %s',
    (number) => {
      const values = { ...sampleRecordValues(kind), contactNumber: number };
      expect(validateRecord(kind, values, context).errors).toEqual([
        { field: 'contactNumber', message: RECORD_MESSAGES.contactNumber },
      ]);
    },
  );

  it('needs at least one non-blank presenting complaint and keeps only the non-blank ones', () => {
    const blankLines = { ...sampleRecordValues(kind), presentingComplaints: ['  ', ''] };
    expect(validateRecord(kind, blankLines, context).errors).toEqual([
      { field: 'presentingComplaints', message: 'Presenting Complaint is required.' },
    ]);
    const mixed = { ...sampleRecordValues(kind), presentingComplaints: [' Fever ', '', 'Cough'] };
    const { errors, clean } = validateRecord(kind, mixed, context);
    expect(errors).toEqual([]);
    expect(clean.presentingComplaints).toEqual(['Fever', 'Cough']);
  });

  it('accepts only absent or present for the physical signs', () => {
    const values = { ...sampleRecordValues(kind), icterus: 'maybe', edema: 'absent' };
    expect(validateRecord(kind, values, context).errors).toEqual([
      { field: 'icterus', message: RECORD_MESSAGES.fillCorrectly },
    ]);
  });

  it('refuses a malformed time', () => {
    const values = { ...sampleRecordValues(kind), time: '25:00' };
    expect(validateRecord(kind, values, context).errors).toEqual([
      { field: 'time', message: RECORD_MESSAGES.fillCorrectly },
    ]);
  });
});

describe('validateRecord: other kinds', () => {
  it('names the empty field for conference and paper / poster', () => {
    const conference = kindById('conference');
    const { errors } = validateRecord(conference, without(sampleRecordValues(conference), 'host'), context);
    expect(errors).toEqual([
      { field: 'host', message: 'Field "Organized By" is empty. Please fill all fields.' },
    ]);
  });

  it('requires the certificate for extra-curricular activities, the checklist, the academic records, the DRP logbook and the forensic records only', () => {
    const withCertificate = RECORD_KINDS.filter((kind) =>
      kind.fields.some((f) => f.name === 'certificateFileId' && f.required),
    ).map((kind) => kind.id);
    expect(withCertificate).toEqual([
      'extra-curricular',
      'checklist',
      'publication',
      'synopsis-upload',
      'thesis-upload',
      'drp-upload',
      'autopsy',
      'medico-legal',
      'expert-opinion',
      'crime-scene',
    ]);
  });

  it('names every empty field of a publication in one message; a wrong value keeps its own (issue 28)', () => {
    const publication = kindById('publication');
    const values = { ...without(sampleRecordValues(publication), 'certificateFileId'), journal: '  ' };
    const { errors } = validateRecord(publication, values, context);
    expect(errors).toEqual([
      { field: 'journal', message: 'Journal is required.' },
      { field: 'certificateFileId', message: 'Certificate is required.' },
    ]);
    expect(recordErrorMessage(publication, errors, values)).toBe(
      'Please fill all the data first: Journal, Certificate',
    );
    const wrongDate = { ...sampleRecordValues(publication), date: TOMORROW };
    const refused = validateRecord(publication, wrongDate, context).errors;
    expect(recordErrorMessage(publication, refused, wrongDate)).toBe(RECORD_MESSAGES.futureDate);
    // Kinds without the summary keep the first error's message.
    const conference = kindById('conference');
    const noHost = without(sampleRecordValues(conference), 'host');
    expect(recordErrorMessage(conference, validateRecord(conference, noHost, context).errors, noHost)).toBe(
      'Field "Organized By" is empty. Please fill all fields.',
    );
  });

  it('refuses a remote option or file that is not an id', () => {
    const diag = kindById('diagnostic-skill');
    expect(
      validateRecord(diag, { ...sampleRecordValues(diag), skill: 'Blood smear' }, context).errors,
    ).toEqual([{ field: 'skill', message: RECORD_MESSAGES.optionNotFound('Skill') }]);
  });

  it('checks OPD cases as a whole number in range and stores a number', () => {
    const opd = kindById('opd');
    expect(validateRecord(opd, { ...sampleRecordValues(opd), opdCases: '12' }, context).clean.opdCases).toBe(
      12,
    );
    for (const bad of ['2.5', '0', 'many', -3]) {
      expect(validateRecord(opd, { ...sampleRecordValues(opd), opdCases: bad }, context).errors).toEqual([
        { field: 'opdCases', message: RECORD_MESSAGES.fillCorrectly },
      ]);
    }
  });

  it('trims text and lower-cases ids', () => {
    const intro = kindById('introduction-schedule');
    const { clean } = validateRecord(
      intro,
      { ...sampleRecordValues(intro), topic: '  Orientation  ', teacherId: ID_A.toUpperCase() },
      context,
    );
    expect(clean.topic).toBe('Orientation');
    expect(clean.teacherId).toBe(ID_A);
  });

  it('refuses text over its maximum length', () => {
    const intro = kindById('introduction-schedule');
    const { errors } = validateRecord(
      intro,
      { ...sampleRecordValues(intro), topic: 'x'.repeat(301) },
      context,
    );
    expect(errors).toEqual([{ field: 'topic', message: RECORD_MESSAGES.fillCorrectly }]);
  });
});
