import { DEFAULT_SCALE } from '../scales';
import type { RecordKind } from '../types';
import { fillAll, remark, verificationColumns } from './common';

/**
 * A posting in a speciality clinic of the department (the list from Add Speciality), from / to.
 * The spec requires no teacher for it (spec 02 section 5), so there is none. Both dates are
 * activity dates, so not after today.
 */
export const specialityPosting: RecordKind = {
  id: 'speciality-posting',
  menuTitle: 'Speciality Posting',
  formTitle: 'Add Speciality Posting',
  fields: [
    {
      name: 'speciality',
      label: 'Speciality',
      input: 'remote-select',
      source: { list: 'specialities' },
      required: true,
    },
    { name: 'fromDate', label: 'From Date', input: 'date', required: true },
    { name: 'toDate', label: 'To Date', input: 'date', required: true },
    remark,
  ],
  columns: [
    { label: 'Clinic-Description', value: 'details.speciality' },
    { label: 'From Date', value: 'details.fromDate', format: 'date' },
    { label: 'To Date', value: 'details.toDate', format: 'date' },
    ...verificationColumns,
  ],
  requiredMessage: fillAll,
  successMessage: 'Clinical Posting submitted successfully!',
  scoring: { type: 'scale', scale: DEFAULT_SCALE },
  dateField: 'fromDate',
  summaryField: 'speciality',
};
