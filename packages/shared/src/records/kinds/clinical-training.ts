import { CLINICAL_TRAINING_RUBRICS } from '../rubrics';
import { DEFAULT_SCALE, RUBRIC_ROW_SCALE } from '../scales';
import type { RecordKind } from '../types';
import {
  date,
  dateColumn,
  fillAll,
  remark,
  teacherColumn,
  teacherField,
  topicField,
  verificationColumns,
} from './common';
import {
  CLINICAL_TRAINING_EXTRA_TYPES,
  CLINICAL_TRAINING_EXTRAS_SETTING,
  CLINICAL_TRAINING_TYPES,
  PRESENTATION_ROLES,
} from './options';

/**
 * Seminars, journal clubs, case presentations... The faculty member is the session's Moderator
 * (spec 02 section 2 lists a Moderator column). Types with a rubric are scored row by row; the
 * three department-only types use the default scale.
 */
export const clinicalTraining: RecordKind = {
  id: 'clinical-training',
  menuTitle: 'Clinical Training',
  formTitle: 'Add Clinical Training',
  fields: [
    {
      name: 'trainingType',
      label: 'Training Type',
      input: 'select',
      options: CLINICAL_TRAINING_TYPES,
      restricted: {
        options: CLINICAL_TRAINING_EXTRA_TYPES,
        departmentSetting: CLINICAL_TRAINING_EXTRAS_SETTING,
      },
      required: true,
    },
    topicField(),
    { name: 'role', label: 'Role', input: 'select', options: PRESENTATION_ROLES, required: true },
    date,
    teacherField('Moderator'),
    remark,
  ],
  columns: [
    { label: 'Training Type', value: 'details.trainingType' },
    { label: 'Topic', value: 'details.topic' },
    { label: 'Role', value: 'details.role' },
    dateColumn,
    teacherColumn('Moderator'),
    ...verificationColumns,
  ],
  requiredMessage: fillAll,
  successMessage: 'Clinical training submitted successfully!',
  scoring: {
    type: 'rubric',
    field: 'trainingType',
    rubrics: CLINICAL_TRAINING_RUBRICS,
    rowScale: RUBRIC_ROW_SCALE,
    otherwise: DEFAULT_SCALE,
  },
  dateField: 'date',
  summaryField: 'topic',
};
