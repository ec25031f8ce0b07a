import { DRP_MESSAGES } from '../../drp/postings';
import type { RecordKind } from '../types';

/** Spec 03 section 9. */
export const DRP_ACTIVITY_TYPES = [
  'Patient Care / Diagnostic Service',
  'Health Care Management activities both HR & Logistics',
  'Communication skill',
  'Team Work',
  'Others',
] as const;
export const DRP_PARTICIPATION_LEVELS = [
  'Observation',
  'Perform under Observation',
  'Perform Independently',
  'Others',
] as const;

/** Spec 03 section 5 (upload modal) and section 8. */
export const DRP_UPLOAD_MESSAGES = {
  uploadFile: 'Please upload a DRPC file.',
  uploaded: 'File uploaded successfully!',
  failed: 'Upload failed',
  error: 'An error occurred during upload',
} as const;

/**
 * A DRP activity (`/drp/proc`, spec 03 sections 2, 3, 5, 9): what the resident did during the
 * posting, every field required. The DRP coordinator the resident is posted to verifies it with a
 * remark (DRPC Remark); the posting covering the date gives the institution and state.
 */
export const drpActivity: RecordKind = {
  id: 'drp-activity',
  menuTitle: 'DRP Activity',
  formTitle: 'Add Activity',
  page: '/drp/proc',
  fields: [
    { name: 'activity', label: 'Activity', input: 'text', required: true, maxLength: 300 },
    {
      name: 'activityType',
      label: 'Activity Type',
      input: 'select',
      options: DRP_ACTIVITY_TYPES,
      required: true,
    },
    {
      name: 'level',
      label: 'Participation Level',
      input: 'select',
      options: DRP_PARTICIPATION_LEVELS,
      required: true,
    },
    { name: 'date', label: 'Activity Date', input: 'date', required: true },
    { name: 'studentRemark', label: 'Student Remark', input: 'textarea', required: true, maxLength: 2000 },
  ],
  columns: [
    { label: 'Activity Date', value: 'date', format: 'date' },
    { label: 'Institution', value: 'details.institution' },
    { label: 'State', value: 'details.state' },
    { label: 'Activity', value: 'details.activity', opens: 'detail' },
    { label: 'Activity Type', value: 'details.activityType' },
    { label: 'Participation Level', value: 'details.level' },
    { label: 'Student Remark', value: 'studentRemark' },
    { label: 'DRPC Remark', value: 'verifierRemark' },
    { label: 'Status', value: 'status', format: 'status' },
    { label: 'Verified By', value: 'verifiedByName' },
    { label: 'Verification Date', value: 'verifiedAt', format: 'date' },
  ],
  requiredMessage: () => DRP_MESSAGES.fillAll,
  successMessage: 'Activity added successfully',
  submitFailedMessage: DRP_MESSAGES.saveFailed,
  scoring: { type: 'none' },
  dateField: 'date',
  summaryField: 'activity',
  verifiedBy: 'drp-coordinator',
  drpPosting: 'covering-date',
};

/**
 * The paper DRP logbook, uploaded page by page (`/drp/offline`, spec 03 sections 2, 3, 5): a
 * file and a remark, dated the day of the upload; the DRP coordinator or the department's
 * faculty verify it.
 */
export const drpUpload: RecordKind = {
  id: 'drp-upload',
  menuTitle: 'DRP Records',
  formTitle: 'Upload DRPC Logbook',
  page: '/drp/offline',
  fields: [
    { name: 'certificateFileId', label: 'DRPC Logbook', input: 'file', required: true },
    { name: 'studentRemark', label: 'Student Remark', input: 'textarea', required: false, maxLength: 2000 },
  ],
  columns: [
    { label: 'Upload Date', value: 'date', format: 'date' },
    { label: 'File', value: 'certificate', format: 'file' },
    { label: 'Institution', value: 'details.institution' },
    { label: 'Student Remark', value: 'studentRemark' },
    { label: 'Feedback', value: 'verifierRemark' },
    { label: 'Status', value: 'status', format: 'status' },
    { label: 'Verified By', value: 'verifiedByName' },
    { label: 'Verified On', value: 'verifiedAt', format: 'date' },
  ],
  requiredMessage: () => DRP_UPLOAD_MESSAGES.uploadFile,
  successMessage: DRP_UPLOAD_MESSAGES.uploaded,
  uploadMessages: { failed: DRP_UPLOAD_MESSAGES.failed, error: DRP_UPLOAD_MESSAGES.error },
  scoring: { type: 'none' },
  dateField: 'date',
  datedOnArrival: true,
  summaryField: 'studentRemark',
  verifiedBy: 'department-or-drp-coordinator',
  drpPosting: 'any',
};
