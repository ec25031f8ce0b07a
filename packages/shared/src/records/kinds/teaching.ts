import { DEFAULT_SCALE } from '../scales';
import type { RecordKind } from '../types';
import {
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
  ],
  columns: [
    { label: 'Type', value: 'details.trainingType' },
    { label: 'Topic', value: 'details.topic' },
    dateColumn,
    teacherColumn(),
    ...verificationColumns,
  ],
  requiredMessage: fillAll,
  successMessage: 'Teaching experience submitted successfully',
  scoring: { type: 'scale', scale: DEFAULT_SCALE },
  dateField: 'date',
  summaryField: 'topic',
};
