import { DEFAULT_SCALE } from '../scales';
import type { RecordKind } from '../types';
import {
  certificateColumn,
  certificateField,
  date,
  dateColumn,
  fillAll,
  remark,
  teacher,
  teacherColumn,
  topicField,
  verificationColumns,
} from './common';
import { TEACHING_TYPES } from './options';

export const teaching: RecordKind = {
  id: 'teaching',
  menuTitle: 'Teaching Experience',
  formTitle: 'Add Teaching Experience',
  fields: [
    { name: 'trainingType', label: 'Type', input: 'select', options: TEACHING_TYPES, required: true },
    topicField(),
    date,
    teacher,
    remark,
    // Not required by spec 02, but a class taught often has an attendance sheet or certificate.
    certificateField(false),
  ],
  columns: [
    { label: 'Type', value: 'details.trainingType' },
    { label: 'Topic', value: 'details.topic' },
    dateColumn,
    teacherColumn(),
    certificateColumn,
    ...verificationColumns,
  ],
  requiredMessage: fillAll,
  successMessage: 'Teaching experience submitted successfully',
  scoring: { type: 'scale', scale: DEFAULT_SCALE },
  dateField: 'date',
  summaryField: 'topic',
};
