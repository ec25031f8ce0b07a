import { DEFAULT_SCALE } from '../scales';
import type { RecordKind } from '../types';
import {
  date,
  dateColumn,
  fillAll,
  remark,
  TASK_INSERTED,
  teacher,
  teacherColumn,
  topicField,
  verificationColumns,
} from './common';

export const introductionSchedule: RecordKind = {
  id: 'introduction-schedule',
  menuTitle: 'PG Introduction Schedule',
  formTitle: 'Add PG Introduction Schedule',
  fields: [topicField(), date, teacher, remark],
  columns: [{ label: 'Topic', value: 'details.topic' }, dateColumn, teacherColumn(), ...verificationColumns],
  requiredMessage: fillAll,
  successMessage: TASK_INSERTED,
  scoring: { type: 'scale', scale: DEFAULT_SCALE },
  dateField: 'date',
  summaryField: 'topic',
};
