/**
 * Texts of the entry forms' safety net and shortcuts (issue 10; not in the spec): closing a form
 * with something typed asks first, an unfinished entry is kept as a draft on the device, and
 * 'Save and add another' leaves the form open for the next entry.
 */
export const ENTRY_FORM_MESSAGES = {
  closeTitle: 'Close this form?',
  closeKept: 'What you typed stays on this device as a draft and comes back when you open this form again.',
  /** Added when patient details were typed: a draft never holds them. */
  patientNotKept: 'Patient details are not kept in drafts.',
  closeConfirm: 'Close form',
  keepEditing: 'Keep editing',
  draftRestored: 'Draft restored',
  draftPatientAgain: 'Patient details are not kept in drafts: enter them again.',
  discardDraft: 'Discard draft',
  discardTitle: 'Discard the draft?',
  discardText: 'What was typed earlier is removed from this device and the form starts afresh.',
  discardConfirm: 'Discard',
  saveAndAddAnother: 'Save and add another',
  /** Repeat last (issue 29): a new entry starts from the student's last one of the kind. */
  repeatedFrom: 'Started from your last entry',
  repeatedClear: 'Clear',
  /** Favourites (issue 29): the star beside a competency, procedure or skill. */
  pin: (title: string) => `Pin ${title}`,
  unpin: (title: string) => `Unpin ${title}`,
  pinnedGroup: 'Pinned',
  recentGroup: 'Recent',
  otherGroup: 'All',
  pinFailed: 'Could not change your pinned choices. Please try again.',
  /** After 'Save and add another', under the kind's success message. */
  nextEntry: 'The form is ready for the next entry.',
} as const;
