/** Fixed option lists of spec 02 section 9. */

/** Teaching types ('Demostrations' in the source, spelt correctly here). */
export const TEACHING_TYPES = [
  'Theory Class',
  'Practical',
  'Clinics',
  'Demonstrations',
  'Tutorials',
  'Group Discussions',
] as const;

/** Clinical training types every department sees; each has a rubric (rubrics.ts). */
export const CLINICAL_TRAINING_TYPES = [
  'Case Presentation',
  'Group Discussion',
  'Journal Club',
  'Seminar',
  'Grand Ward Rounds',
  'Interdepartmental Colloquium',
  'Students Symposium',
] as const;

/** Clinical training types only the department named by CLINICAL_TRAINING_EXTRAS_SETTING sees. */
export const CLINICAL_TRAINING_EXTRA_TYPES = [
  'LABORATORY WORK',
  'INTERACTIVE SLIDE',
  'GROSS SEMINAR',
] as const;

/** Settings key holding the department name that sees CLINICAL_TRAINING_EXTRA_TYPES (default 'Anatomy'). */
export const CLINICAL_TRAINING_EXTRAS_SETTING = 'clinicalTrainingExtrasDepartment';

/** Clinical training and conference roles. */
export const PRESENTATION_ROLES = ['Presenter', 'Participant'] as const;

/** Diagnostic skill, surgical skill and procedure roles. */
export const SKILL_ROLES = [
  'Observed',
  'Assisted',
  'Performed with Guide',
  'Performed Independently',
] as const;

/** Conference: the academic program. */
export const ACADEMIC_PROGRAMS = ['CME', 'Conference', 'Workshop'] as const;

/** Conference: the event type. */
export const EVENT_TYPES = ['International', 'National', 'State', 'Institutional'] as const;

/** Paper / poster: the presentation type ('Paper/Poster' in the spec: one of the two). */
export const PRESENTATION_TYPES = ['Paper', 'Poster'] as const;

export const LEAVE_TYPES = ['Academic', 'Casual', 'Maternity', 'Sick'] as const;
