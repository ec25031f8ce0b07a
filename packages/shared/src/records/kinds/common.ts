import { RECORD_MESSAGES } from '../api';
import type { ColumnDef, FieldDef } from '../types';

/** Fields most kinds share, in the order the forms show them. */
export const date: FieldDef = { name: 'date', label: 'Date', input: 'date', required: true };

/** The faculty member who verifies the entry; some kinds call them Moderator, Guide or Surgeon. */
export function teacherField(label = 'Guiding Faculty'): FieldDef {
  return { name: 'teacherId', label, input: 'remote-select', source: { list: 'teachers' }, required: true };
}
export const teacher = teacherField();

/** Spec 02 section 5: the student remark is required on every form. */
export function remarkField(label = 'Remark'): FieldDef {
  return { name: 'studentRemark', label, input: 'textarea', required: true, maxLength: 2000 };
}
export const remark = remarkField();

export function certificateField(required: boolean): FieldDef {
  return { name: 'certificateFileId', label: 'Certificate', input: 'file', required };
}

export function topicField(label = 'Topic', maxLength = 300): FieldDef {
  return { name: 'topic', label, input: 'text', required: true, maxLength };
}

/** Columns every report ends with (spec 02 section 2). */
export const verificationColumns: readonly ColumnDef[] = [
  { label: 'Status', value: 'status', format: 'status' },
  { label: 'S-Remark', value: 'studentRemark' },
  { label: 'HOD / Unit Head Feedback', value: 'verifierRemark' },
  { label: 'Verified By / Verified On', value: 'verified', format: 'verified' },
  { label: 'Score', value: 'score', format: 'score' },
];

export const dateColumn: ColumnDef = { label: 'Date', value: 'date', format: 'date' };
export function teacherColumn(label = 'Guiding Faculty'): ColumnDef {
  return { label, value: 'teacherName' };
}
export const certificateColumn: ColumnDef = { label: 'Certificate', value: 'certificate', format: 'file' };

/** 'Please fill in all the required fields' (most kinds). */
export const fillAll = () => RECORD_MESSAGES.fillAll;
/** 'Field "{label}" is empty. Please fill all fields.' (conference, paper / poster). */
export const emptyField = (label: string) => RECORD_MESSAGES.emptyField(label);
/** '<Label> is required.' (clinical case). */
export const requiredLabel = (label: string) => RECORD_MESSAGES.requiredLabel(label);

/** The default success message (spec 02 section 8, 1 s), for kinds the spec lists no own message for. */
export const TASK_INSERTED = 'Task inserted successfully';
