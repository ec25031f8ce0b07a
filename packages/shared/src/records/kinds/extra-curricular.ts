import { DEFAULT_SCALE } from '../scales';
import type { RecordKind } from '../types';
import {
  certificateColumn,
  certificateField,
  date,
  dateColumn,
  fillAll,
  remark,
  verificationColumns,
} from './common';

/**
 * An extra-curricular activity: date, certificate and remark only (spec 02 sections 5 and 7, no
 * teacher, no topic). The remark says what the activity was, so it is the summary: `summaryField`
 * names the common `studentRemark` here, not a `details` key.
 */
export const extraCurricular: RecordKind = {
  id: 'extra-curricular',
  menuTitle: 'Extra Curricular Activities',
  formTitle: 'Add Extra Curricular Activity',
  fields: [date, certificateField(true), remark],
  columns: [dateColumn, certificateColumn, ...verificationColumns],
  requiredMessage: fillAll,
  successMessage: 'Extra Curricular Activities submitted successfully!',
  scoring: { type: 'scale', scale: DEFAULT_SCALE },
  dateField: 'date',
  summaryField: 'studentRemark',
};
