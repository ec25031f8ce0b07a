import { ONE_TO_FOUR_SCALE } from '../scales';
import type { RecordKind } from '../types';
import {
  date,
  dateColumn,
  fillAll,
  remark,
  teacherColumn,
  teacherField,
  verificationColumns,
} from './common';

/**
 * A periodic review of the thesis with the guide: progress up to `reviewTillDate` and the plan
 * ahead. Scored on the 1-4 scale (see ONE_TO_FOUR_SCALE: a progress review has no zero step).
 */
export const thesisReview: RecordKind = {
  id: 'thesis-review',
  menuTitle: 'Thesis Review',
  formTitle: 'Add Thesis Review',
  fields: [
    { name: 'reviewTillDate', label: 'Review Till-Date', input: 'date', required: true },
    date,
    teacherField('Guide'),
    { name: 'topic', label: 'Future Plan', input: 'textarea', required: true, maxLength: 2000 },
    remark,
  ],
  columns: [
    { label: 'Review Till-Date', value: 'details.reviewTillDate', format: 'date' },
    { label: 'Future Plan', value: 'details.topic' },
    dateColumn,
    teacherColumn('Guide'),
    ...verificationColumns,
  ],
  requiredMessage: fillAll,
  successMessage: 'Thesis submitted successfully!',
  scoring: { type: 'scale', scale: ONE_TO_FOUR_SCALE },
  dateField: 'date',
  summaryField: 'topic',
};
