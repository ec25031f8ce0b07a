import type { RecordKind } from '../types';
import { fillAll, remark, verificationColumns } from './common';
import { LEAVE_TYPES } from './options';

/** Leave: dates may be in the future, days are computed (inclusive), not scored. */
export const leave: RecordKind = {
  id: 'leave',
  menuTitle: 'Leave Records',
  formTitle: 'Add Leave Record',
  fields: [
    { name: 'fromDate', label: 'From Date', input: 'date', required: true, allowFuture: true },
    { name: 'toDate', label: 'To Date', input: 'date', required: true, allowFuture: true },
    { name: 'reasonType', label: 'Leave Type', input: 'select', options: LEAVE_TYPES, required: true },
    { name: 'reason', label: 'Reason', input: 'textarea', required: true, maxLength: 1000 },
    {
      name: 'leaveDays',
      label: 'Days',
      input: 'computed',
      compute: 'inclusiveDays',
      from: 'fromDate',
      to: 'toDate',
      required: true,
    },
    remark,
  ],
  columns: [
    { label: 'From Date', value: 'details.fromDate', format: 'date' },
    { label: 'To Date', value: 'details.toDate', format: 'date' },
    { label: 'Days', value: 'details.leaveDays', format: 'number' },
    { label: 'Reason', value: 'details.reason' },
    { label: 'Leave Type', value: 'details.reasonType' },
    ...verificationColumns,
  ],
  requiredMessage: fillAll,
  successMessage: 'Leave submitted successfully!',
  scoring: { type: 'none' },
  dateField: 'fromDate',
  summaryField: 'reasonType',
};
