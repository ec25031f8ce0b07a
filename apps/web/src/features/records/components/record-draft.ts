import { deviceWithheldFields } from '@pgel/shared/privacy/masking';
import type { FieldDef, RecordKind } from '@pgel/shared/records/types';
import type { RecordValues } from '@pgel/shared/records/validation';
import { readDraft, removeDraft, writeDraft } from '../../../lib/entry-drafts';
import { isEdited, sameValue } from './record-values';

/** The draft's name in storage: one per kind (and per user, lib/entry-drafts.ts). */
const formOf = (kind: RecordKind) => `record:${kind.id}`;

/**
 * Whether a field names or identifies the patient (`deviceWithheldFields`: the clinical case's
 * name, contact number, address and patient id, a procedure's patient name and IPD/OPD No., a
 * post-mortem's PMR and DD/FIR No.). These are never written to a draft: a phone is lost, lent
 * or shared, and a draft outlives the session that typed it.
 */
export function identifiesPatient(kind: RecordKind, field: FieldDef): boolean {
  return deviceWithheldFields(kind).includes(field.name);
}

/** Fields a draft keeps: not files (an upload is not kept), not computed, no patient identifiers. */
function draftFields(kind: RecordKind): FieldDef[] {
  return kind.fields.filter(
    (field) => field.input !== 'file' && field.input !== 'computed' && !identifiesPatient(kind, field),
  );
}

/** Whether a draft of this kind leaves out some of what was typed (the note says so). */
export function draftLeavesOutPatient(kind: RecordKind): boolean {
  return kind.fields.some((field) => identifiesPatient(kind, field));
}

/** The draftable fields whose values differ from what the form started with. */
function changedDraftValues(kind: RecordKind, values: RecordValues, baseline: RecordValues): RecordValues {
  const changed: RecordValues = {};
  const fields = draftFields(kind);
  for (const { name } of fields) {
    if (name in values && !sameValue(values[name], baseline[name])) changed[name] = values[name];
  }
  // A skill is kept with its competency, even a proposed one: the proposal may differ next time.
  for (const field of fields) {
    if (field.name in changed && field.input === 'remote-select' && field.source.list === 'skills') {
      changed[field.source.dependsOn] = values[field.source.dependsOn];
    }
  }
  return changed;
}

/** A stored value, if it has the shape the field's input holds (storage may be old or edited). */
function storedValue(field: FieldDef, value: unknown): unknown {
  if (field.input === 'text-list') {
    return Array.isArray(value) && value.length > 0 && value.every((line) => typeof line === 'string')
      ? value
      : undefined;
  }
  if (field.input === 'number') return typeof value === 'number' || value === '' ? value : undefined;
  return typeof value === 'string' ? value : undefined;
}

/**
 * The student's draft of this kind laid over a fresh form's values, or null when there is none.
 * A draft holds only what the student changed, so a date or teacher the form proposed then is
 * proposed afresh now.
 */
export function restoreRecordDraft(
  userId: string,
  kind: RecordKind,
  start: RecordValues,
): RecordValues | null {
  const draft = readDraft(userId, formOf(kind));
  if (!draft) return null;
  const values = { ...start };
  for (const field of draftFields(kind)) {
    const value = storedValue(field, draft.values[field.name]);
    if (value !== undefined) values[field.name] = value;
  }
  return isEdited(values, start) ? values : null;
}

/**
 * Keeps on the device what the student changed in the form (draftable fields only) while there
 * is any; removes the draft once there is none (nothing typed, or all of it undone).
 */
export function saveRecordDraft(
  userId: string,
  kind: RecordKind,
  values: RecordValues,
  baseline: RecordValues,
): void {
  const changed = changedDraftValues(kind, values, baseline);
  if (Object.keys(changed).length > 0) writeDraft(userId, formOf(kind), changed);
  else removeDraft(userId, formOf(kind));
}

export function discardRecordDraft(userId: string, kind: RecordKind): void {
  removeDraft(userId, formOf(kind));
}
