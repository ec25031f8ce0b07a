import type { RecordKind } from '../types';

/** Spec 03 section 5 (record upload modal) and section 8. */
export const THESIS_UPLOAD_MESSAGES = {
  uploadFile: 'Please upload a file.',
  uploadFailed: 'Server error while uploading.',
} as const;

/**
 * A document the student uploads for review on the thesis synopsis (`/synopsis`) or thesis
 * (`/thesisReview`) page, with a remark (spec 03 sections 2, 3, 7): Pending until faculty of the
 * department give feedback and approve it (the spec shows only Pending and Approved). Dated the
 * day of the upload; the stage's title must exist first.
 */
function thesisUpload(stage: 'synopsis' | 'thesis'): RecordKind {
  const isSynopsis = stage === 'synopsis';
  return {
    id: `${stage}-upload`,
    menuTitle: isSynopsis ? 'Thesis Synopsis Upload' : 'Thesis Upload',
    formTitle: 'Upload Record',
    page: isSynopsis ? '/synopsis' : '/thesisReview',
    thesisStage: stage,
    fields: [
      { name: 'certificateFileId', label: 'File', input: 'file', required: true },
      { name: 'studentRemark', label: 'S-Remark', input: 'textarea', required: false, maxLength: 2000 },
    ],
    columns: [
      { label: 'File', value: 'certificate', format: 'file' },
      { label: 'S-Remark', value: 'studentRemark' },
      { label: 'Feedback', value: 'verifierRemark' },
      { label: 'Status', value: 'status', format: 'status' },
      { label: 'Verified By', value: 'verifiedByName' },
      { label: 'Verified Date', value: 'verifiedAt', format: 'date' },
    ],
    requiredMessage: () => THESIS_UPLOAD_MESSAGES.uploadFile,
    successMessage: 'File uploaded successfully!',
    scoring: { type: 'none' },
    dateField: 'date',
    summaryField: 'studentRemark',
    verdicts: ['approved'],
  };
}

export const synopsisUpload = thesisUpload('synopsis');
export const thesisUploadKind = thesisUpload('thesis');
