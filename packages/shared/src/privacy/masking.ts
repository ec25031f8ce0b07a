import type { RecordKind } from '../records/types';

/**
 * A name reduced to its initials, for lists and for those who may see a record but not its
 * patient (issue 15): "Ramesh Kumar" -> "R. K.". Honorifics are kept out ("Dr. Anil" -> "A.").
 */
export function initialsOf(name: string): string {
  const words = name
    .normalize('NFC')
    .split(/[\s.,]+/u)
    .filter((word) => word !== '' && !/^(mr|mrs|ms|dr|shri|smt|kumari|baby|master)$/iu.test(word));
  const initials = words
    .map((word) => Array.from(word.replace(/^[^\p{L}\p{N}]+/u, ''))[0])
    .filter((letter): letter is string => letter !== undefined)
    .map((letter) => `${letter.toLocaleUpperCase('en-IN')}.`);
  return initials.join(' ');
}

/** The kind's fields that hold a patient's (or the deceased's) name: masked to initials. */
export function patientNameFields(kind: RecordKind): readonly string[] {
  return maskingFieldsOf(kind).names;
}

type MaskingFields = {
  names: readonly string[];
  nameSet: ReadonlySet<string>;
  sensitive: ReadonlySet<string>;
};
const maskingFields = new WeakMap<RecordKind, MaskingFields>();

/** The kind's name and sensitive fields, worked out once per kind: every list row is masked. */
function maskingFieldsOf(kind: RecordKind): MaskingFields {
  let fields = maskingFields.get(kind);
  if (!fields) {
    const names = kind.fields.filter((field) => field.patientName === true).map((field) => field.name);
    fields = {
      names,
      nameSet: new Set(names),
      sensitive: new Set(kind.fields.filter((field) => field.sensitive).map((field) => field.name)),
    };
    maskingFields.set(kind, fields);
  }
  return fields;
}

/**
 * Every field of the kind that identifies the patient (issue 15): the `sensitive` fields (name,
 * contact number, address), the patient's (or the deceased's) name (`patientName`, a procedure's
 * patient) and the fields shown in a column marked `identifiesPatient` (a clinical case's patient
 * id). The one rule for what the audit log, the server's log, a device draft and retention leave
 * out or remove.
 */
export function patientIdentifierFields(kind: RecordKind): string[] {
  const identifyingColumns = new Set(
    kind.columns.filter((column) => column.identifiesPatient === true).map((column) => column.value),
  );
  return kind.fields
    .filter(
      (field) =>
        field.sensitive === true ||
        field.patientName === true ||
        identifyingColumns.has(`details.${field.name}`),
    )
    .map((field) => field.name);
}

/**
 * What a draft kept on the device (local storage) never holds (issue 29): every patient identifier
 * (`patientIdentifierFields`) and the case numbers that lead to the patient through a register
 * (`caseNumber`: IPD/OPD, PMR, DD/FIR). An entry saved with no signal keeps these only in the
 * device's outbox until it is sent.
 */
export function deviceWithheldFields(kind: RecordKind): string[] {
  const identifiers = new Set(patientIdentifierFields(kind));
  return kind.fields
    .filter((field) => identifiers.has(field.name) || field.caseNumber === true)
    .map((field) => field.name);
}

/**
 * The identifying fields a kind keeps in its plain `details` (not sealed): the procedure's patient,
 * the clinical case's patient id. Audit stripping and retention remove these from `details`.
 */
export function plainPatientIdentifierFields(kind: RecordKind): string[] {
  const sensitive = new Set(kind.fields.filter((field) => field.sensitive).map((field) => field.name));
  return patientIdentifierFields(kind).filter((name) => !sensitive.has(name));
}

/**
 * A record's details as a list (or a viewer without the right to the full values) shows them:
 * patient names as initials, every other sensitive field (contact number, address) left out.
 */
export function maskPatientDetails(
  kind: RecordKind,
  details: Record<string, unknown>,
): Record<string, unknown> {
  const { nameSet: names, sensitive } = maskingFieldsOf(kind);
  const masked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(details)) {
    if (names.has(key)) masked[key] = typeof value === 'string' ? initialsOf(value) : value;
    else if (!sensitive.has(key)) masked[key] = value;
  }
  return masked;
}

/** How many of an identifier's last characters a printout keeps (issue 28). */
export const IDENTIFIER_VISIBLE_CHARS = 3;
/** What stands for the hidden characters, whatever their number (the length is not told). */
export const IDENTIFIER_MASK = '•••';

/**
 * A hospital number (IPD/OPD No.) as a printout shows it: only its last 3 characters, enough for
 * the resident to find their case and too few to find the patient ('IPD/2024/56789' -> '•••789').
 * An identifier of 3 characters or fewer is hidden whole.
 */
export function maskIdentifier(value: string): string {
  const characters = Array.from(value.trim());
  if (characters.length <= IDENTIFIER_VISIBLE_CHARS) return IDENTIFIER_MASK;
  return `${IDENTIFIER_MASK}${characters.slice(-IDENTIFIER_VISIBLE_CHARS).join('')}`;
}
