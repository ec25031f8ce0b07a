/**
 * Row-by-row assessment templates for clinical training types (spec 02 section 9: Case
 * Presentation 14 rows, Group Discussion 10, Journal Club 10, Seminar 9, Grand Ward Rounds 12,
 * Interdepartmental Colloquium 8, Students Symposium 6). The spec shows only a few criteria
 * (punctuality, cogency of presentation, ability to respond to questions, use of audio visual
 * aids); the rest follow the model assessment checklists of the national competency-based PG
 * curricula (NMC / MCI: journal review, seminar, case presentation and ward work checklists),
 * trimmed or completed to the spec's row counts. Each row is scored 0-4 (RUBRIC_ROW_SCALE) and
 * the overall is the average rounded to 2 decimals (rubricOverall). Keys are the training type
 * values exactly as the clinical training form stores them.
 */
export const CLINICAL_TRAINING_RUBRICS = {
  /** NMC model checklist for evaluation of a clinical (case) presentation. */
  'Case Presentation': [
    'Completeness of history',
    'Whether all relevant points elicited',
    'Clarity of presentation',
    'Logical order',
    'Mentioned all positive and negative points of importance',
    'Accuracy of general physical examination',
    'Whether all physical signs elicited correctly',
    'Whether any major signs missed or misinterpreted',
    'Diagnosis: whether it follows logically from history and findings',
    'Investigations required: complete list, in relevant order',
    'Interpretation of investigations',
    'Ability to react to questioning',
    'Ability to defend diagnosis',
    'Ability to justify differential diagnosis',
  ],
  'Group Discussion': [
    'Punctuality',
    'Preparation on the topic',
    'Knowledge and understanding of the subject',
    'Relevance of contributions to the discussion',
    'Cogency of presentation of views',
    'Ability to respond to questions',
    'Listening to and respecting the views of others',
    'Involvement of the group in the discussion',
    'Ability to summarise and draw conclusions',
    'Overall performance',
  ],
  /** NMC model checklist for evaluation of journal review presentations. */
  'Journal Club': [
    'Article chosen (relevance and quality)',
    'Extent of understanding of scope and objectives of the paper',
    'Whether cross references have been consulted',
    'Whether other relevant publications consulted',
    'Critical appraisal of methods and results',
    'Ability to respond to questions on the subject',
    'Use of audio visual aids',
    'Ability to defend the paper',
    'Clarity of presentation',
    'Overall performance',
  ],
  /** NMC model checklist for evaluation of seminar presentations. */
  Seminar: [
    'Whether other relevant publications consulted',
    'Whether cross references have been consulted',
    'Completeness of preparation',
    'Clarity of presentation',
    'Understanding of subject',
    'Ability to answer questions',
    'Time scheduling',
    'Appropriate use of audio visual aids',
    'Overall performance',
  ],
  /** After the NMC model checklist for evaluation of clinical work in the ward / OPD. */
  'Grand Ward Rounds': [
    'Punctuality',
    'Regularity of attendance',
    'Knowledge of the patients under care',
    'Presentation of cases during rounds',
    'Maintenance of case records',
    'Investigation work-up',
    'Bedside manners',
    'Rapport with patients',
    'Interaction with colleagues and supportive staff',
    'Ability to respond to questions',
    'Counselling of patients and relatives, and case follow-up',
    'Overall quality of ward work',
  ],
  'Interdepartmental Colloquium': [
    'Punctuality',
    'Choice and relevance of the topic',
    'Completeness of preparation',
    'Integration of the perspectives of the participating departments',
    'Cogency of presentation',
    'Ability to respond to questions',
    'Use of audio visual aids',
    'Overall performance',
  ],
  'Students Symposium': [
    'Punctuality and time management',
    'Completeness of preparation',
    'Cogency of presentation',
    'Ability to respond to questions',
    'Use of audio visual aids',
    'Overall performance',
  ],
} as const satisfies Readonly<Record<string, readonly string[]>>;

export type RubricTrainingType = keyof typeof CLINICAL_TRAINING_RUBRICS;
