import { patientIdentifierFields } from '../privacy/masking';
import type { FieldDef, RecordKind } from './types';

/** Fixed choices that describe the patient, not the resident's work (forensic cases): never repeated. */
const PATIENT_CHOICES: ReadonlySet<string> = new Set(['sex']);
/** Typed fields that name where or how the resident worked, not whom: repeated like a choice. */
const REPEATED_TEXTS: ReadonlySet<string> = new Set(['venue']);

/**
 * Repeat last (issue 29): the fields a new entry of a kind takes from the resident's last entry of
 * that kind — the guiding faculty and the other choices (competency, skill, role, type, event
 * type, leave type) and the venue. Never the date (a new entry starts today), never the patient
 * (name, IPD/OPD or MLC number, age, sex, address: nothing typed about them), never a remark,
 * a file or a computed value.
 */
export function repeatedFields(kind: RecordKind): FieldDef[] {
  const patient = new Set(patientIdentifierFields(kind));
  return kind.fields.filter((field) => {
    if (patient.has(field.name) || field.name === kind.dateField) return false;
    if (field.input === 'remote-select') return true;
    if (field.input === 'select') return !PATIENT_CHOICES.has(field.name);
    return field.input === 'text' && REPEATED_TEXTS.has(field.name);
  });
}
