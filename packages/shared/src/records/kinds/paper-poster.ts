import { DEFAULT_SCALE } from '../scales';
import type { RecordKind } from '../types';
import {
  certificateColumn,
  certificateField,
  date,
  dateColumn,
  emptyField,
  remark,
  TASK_INSERTED,
  teacher,
  teacherColumn,
  verificationColumns,
} from './common';
import { PRESENTATION_TYPES } from './options';

/**
 * A paper or poster presented at an academic event. Every field must be filled ('Field "{label}"
 * is empty...') except the certificate, optional in the spec's call (spec 02 section 7). The spec
 * lists no success message: the default one.
 */
export const paperPoster: RecordKind = {
  id: 'paper-poster',
  menuTitle: 'Paper / Poster Presentation',
  formTitle: 'Add Paper / Poster Presentation',
  fields: [
    {
      name: 'pType',
      label: 'Presentation Type',
      input: 'select',
      options: PRESENTATION_TYPES,
      required: true,
    },
    { name: 'topic', label: 'Academic Event', input: 'text', required: true, maxLength: 300 },
    { name: 'titleInBrief', label: 'Title in Brief', input: 'textarea', required: true, maxLength: 1000 },
    date,
    teacher,
    certificateField(false),
    remark,
  ],
  columns: [
    { label: 'Presentation Type', value: 'details.pType' },
    { label: 'Academic Event', value: 'details.topic' },
    { label: 'Title in Brief', value: 'details.titleInBrief' },
    dateColumn,
    teacherColumn(),
    certificateColumn,
    ...verificationColumns,
  ],
  requiredMessage: emptyField,
  successMessage: TASK_INSERTED,
  scoring: { type: 'scale', scale: DEFAULT_SCALE },
  dateField: 'date',
  summaryField: 'titleInBrief',
};
