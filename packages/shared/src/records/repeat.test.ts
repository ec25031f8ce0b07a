import { describe, expect, it } from 'vitest';
import { patientIdentifierFields } from '../privacy/masking';
import { opd, procedure, RECORD_KINDS } from './kinds';
import { repeatedFields } from './repeat';

describe('repeat last (issue 29)', () => {
  it('never carries a patient detail, a typed identifier, a remark, a file or the date, on any kind', () => {
    for (const kind of RECORD_KINDS) {
      const names = repeatedFields(kind).map((field) => field.name);
      for (const name of patientIdentifierFields(kind)) expect(names, kind.id).not.toContain(name);
      expect(names, kind.id).not.toContain(kind.dateField);
      for (const name of names) {
        expect(name, kind.id).not.toMatch(/ipd|opd|mlc|patient|remark|^name$|age|sex|address|contact/i);
        const field = kind.fields.find((candidate) => candidate.name === name);
        expect(['select', 'remote-select', 'text'], `${kind.id}.${name}`).toContain(field?.input);
      }
    }
  });

  it("carries a procedure's faculty, competency, skill and role; an OPD's venue", () => {
    expect(
      repeatedFields(procedure)
        .map((field) => field.name)
        .sort(),
    ).toEqual(['competency', 'role', 'skills', 'teacherId']);
    expect(repeatedFields(opd).map((field) => field.name)).toContain('venue');
  });
});
