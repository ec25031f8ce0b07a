import { DEFAULT_SCALE } from '../scales';
import type { RecordKind } from '../types';
import { date, dateColumn, fillAll, remark, teacher, teacherColumn, verificationColumns } from './common';

export const opd: RecordKind = {
  id: 'opd',
  menuTitle: 'OPD Campus',
  formTitle: 'Add OPD Campus',
  fields: [
    { name: 'venue', label: 'Venue', input: 'text', required: true, maxLength: 300 },
    {
      name: 'opdCases',
      label: 'OPD Cases',
      input: 'number',
      min: 1,
      max: 1000,
      integer: true,
      required: true,
    },
    date,
    teacher,
    remark,
  ],
  columns: [
    { label: 'Venue', value: 'details.venue' },
    { label: 'OPD Cases', value: 'details.opdCases', format: 'number' },
    dateColumn,
    teacherColumn(),
    ...verificationColumns,
  ],
  requiredMessage: fillAll,
  successMessage: 'OPD Case submitted successfully!',
  scoring: { type: 'scale', scale: DEFAULT_SCALE },
  dateField: 'date',
  summaryField: 'venue',
};
