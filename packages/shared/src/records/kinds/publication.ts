import { RECORD_MESSAGES } from '../api';
import type { RecordKind } from '../types';

/** Spec 03 section 5: every field, the certificate too, or this one message. */
export const PUBLICATION_FILL_ALL = 'Please fill all the data first !!!';
/**
 * The spec's message, naming what is missing (issue 28: it did not say which of ten fields):
 * 'Please fill all the data first: Certificate, Journal'.
 */
export const publicationMissing = (labels: readonly string[]): string =>
  labels.length === 0 ? PUBLICATION_FILL_ALL : `Please fill all the data first: ${labels.join(', ')}`;
/** Spec 03 section 8 ('This action cannot be retrive!', the misspelling corrected). */
export const PUBLICATION_DELETE_WARNING = 'This action cannot be retrieve!';

/** Where a paper stands with its journal (the spec names the field, not its values). */
export const PUBLICATION_STATUSES = ['Published', 'Accepted', 'Under Review', 'Submitted'] as const;

/**
 * A paper the student published (`/publication`, spec 03 sections 2, 3, 5): its own screen, the
 * record engine's life (Pending, verified by the department's faculty, deleted only while never
 * verified). Not scored: faculty approve or reject it with feedback.
 */
export const publication: RecordKind = {
  id: 'publication',
  menuTitle: 'Publication',
  formTitle: 'Add Publication',
  page: '/publication',
  fields: [
    { name: 'title', label: 'Title', input: 'text', required: true, maxLength: 500 },
    { name: 'author', label: 'Author', input: 'text', required: true, maxLength: 300 },
    { name: 'coAuthor', label: 'Co-Author', input: 'text', required: true, maxLength: 500 },
    { name: 'journal', label: 'Journal', input: 'text', required: true, maxLength: 300 },
    { name: 'indexedIn', label: 'Indexed In', input: 'text', required: true, maxLength: 200 },
    { name: 'date', label: 'Publication Date', input: 'date', required: true },
    {
      name: 'pubStatus',
      label: 'Publication Status',
      input: 'select',
      options: PUBLICATION_STATUSES,
      required: true,
    },
    { name: 'citation', label: 'Citation', input: 'textarea', required: true, maxLength: 1000 },
    { name: 'studentRemark', label: 'Student Remark', input: 'textarea', required: true, maxLength: 2000 },
    { name: 'certificateFileId', label: 'Certificate', input: 'file', required: true },
  ],
  columns: [
    { label: 'Title', value: 'details.title', opens: 'certificate' },
    { label: 'Author', value: 'details.author', opens: 'detail' },
    { label: 'Co-Author', value: 'details.coAuthor' },
    { label: 'Journal', value: 'details.journal' },
    { label: 'Citation', value: 'details.citation' },
    { label: 'Indexed In', value: 'details.indexedIn' },
    { label: 'Date Of Publication', value: 'date', format: 'date' },
    { label: 'Publication Status', value: 'details.pubStatus' },
    { label: 'Status', value: 'status', format: 'status' },
    { label: 'Student Remark', value: 'studentRemark' },
    { label: 'Feedback', value: 'verifierRemark' },
    { label: 'Verified By', value: 'verifiedByName' },
    { label: 'Verified Date', value: 'verifiedAt', format: 'date' },
  ],
  // Under each empty field its own line; the dialog and the server's answer name them all.
  requiredMessage: RECORD_MESSAGES.requiredLabel,
  missingSummary: publicationMissing,
  successMessage: 'Publication added successfully',
  scoring: { type: 'none' },
  dateField: 'date',
  summaryField: 'title',
  deleteWarning: PUBLICATION_DELETE_WARNING,
};
