// What report-dialogs.tsx loads on demand: one file for the report page's five dialogs.
export { BulkVerifyModal } from './bulk-verify-modal';
export { RecordDetailModal } from './record-detail-modal';
export { RecordFormModal } from './record-form-modal';
export { SignOffModal } from './sign-off-modal';
export { VerifyModal } from './verify-modal';
