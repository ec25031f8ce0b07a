import { CHECKLIST_PARTICULARS } from '../dashboard';
import { DEFAULT_SCALE } from '../scales';
import type { RecordKind } from '../types';
import { certificateColumn, certificateField, fillAll, remarkField } from './common';

/**
 * The Mandatory Checklist (/checkList, /checklist): one record per particular, 8 in all. No
 * teacher; the department's faculty verify it. Columns as spec 02 section 2 lists them (the '#'
 * is the table's SR), with a Status column as every other report has. The spec names no add message (only 'checklist updated'): ours below.
 */
export const checklist: RecordKind = {
  id: 'checklist',
  menuTitle: 'Mandatory Checklist',
  formTitle: 'Add CheckList Records',
  fields: [
    {
      name: 'particular',
      label: 'Particulars',
      input: 'select',
      options: CHECKLIST_PARTICULARS,
      required: true,
    },
    { name: 'fromDate', label: 'From', input: 'date', required: true },
    { name: 'toDate', label: 'To', input: 'date', required: true },
    { name: 'examDate', label: 'Exam Date', input: 'date', required: true },
    certificateField(true),
    remarkField('Student Remark'),
  ],
  columns: [
    { label: 'Particulars', value: 'details.particular' },
    { label: 'From', value: 'details.fromDate', format: 'date' },
    { label: 'To', value: 'details.toDate', format: 'date' },
    { label: 'Exam Date', value: 'details.examDate', format: 'date' },
    certificateColumn,
    // Issue 10: the spec's columns plus the Status every other report has (verificationColumns).
    { label: 'Status', value: 'status', format: 'status' },
    { label: 'Student Remark', value: 'studentRemark' },
    { label: 'Verified By / On', value: 'verified', format: 'verified' },
    { label: 'Remarks', value: 'verifierRemark' },
  ],
  requiredMessage: fillAll,
  successMessage: 'Checklist record added successfully!',
  scoring: { type: 'scale', scale: DEFAULT_SCALE },
  // Staff update a checklist record with these (spec 02 sections 5 and 8).
  verifyMessages: {
    required: 'All fields are required: Status, Score, and Remark',
    failed: 'Unable to update checklist. Try again later.',
  },
  dateField: 'fromDate',
  summaryField: 'particular',
};
