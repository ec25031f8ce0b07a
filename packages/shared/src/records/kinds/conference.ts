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
  verificationColumns,
} from './common';
import { ACADEMIC_PROGRAMS, EVENT_TYPES, PRESENTATION_ROLES } from './options';

/**
 * Academic program (CME, conference, workshop) attended or presented at. The spec's body names no
 * teacher for it (spec 02 section 7), so there is none; the department's faculty verify it. Every
 * field must be filled ('Field "{label}" is empty...') except the certificate, which the spec's
 * call marks optional. The spec lists no success message: the default one.
 */
export const conference: RecordKind = {
  id: 'conference',
  menuTitle: 'Academic Program',
  formTitle: 'Add Academic Program',
  fields: [
    { name: 'title', label: 'Title', input: 'text', required: true, maxLength: 300 },
    { name: 'topic', label: 'Academic Program', input: 'select', options: ACADEMIC_PROGRAMS, required: true },
    { name: 'conferenceType', label: 'Event Type', input: 'select', options: EVENT_TYPES, required: true },
    { name: 'host', label: 'Organized By', input: 'text', required: true, maxLength: 300 },
    { name: 'role', label: 'Role', input: 'select', options: PRESENTATION_ROLES, required: true },
    date,
    certificateField(false),
    remark,
  ],
  columns: [
    { label: 'Title', value: 'details.title' },
    { label: 'Academic Program', value: 'details.topic' },
    { label: 'Event Type', value: 'details.conferenceType' },
    { label: 'Organized By', value: 'details.host' },
    { label: 'Role', value: 'details.role' },
    dateColumn,
    certificateColumn,
    ...verificationColumns,
  ],
  requiredMessage: emptyField,
  successMessage: TASK_INSERTED,
  scoring: { type: 'scale', scale: DEFAULT_SCALE },
  dateField: 'date',
  summaryField: 'title',
};
