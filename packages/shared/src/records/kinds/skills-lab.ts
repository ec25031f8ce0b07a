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

/** Skills lab (wet lab) sessions; the source calls them Wet Lab Skill. */
export const skillsLab: RecordKind = {
  id: 'skills-lab',
  menuTitle: 'Skills Labs',
  formTitle: 'Add Skills Lab',
  fields: [date, topicField(), teacher, remark],
  columns: [{ label: 'Topic', value: 'details.topic' }, dateColumn, teacherColumn(), ...verificationColumns],
  requiredMessage: fillAll,
  successMessage: 'Wet Lab Skill submitted successfully!',
  scoring: { type: 'scale', scale: DEFAULT_SCALE },
  dateField: 'date',
  summaryField: 'topic',
};
