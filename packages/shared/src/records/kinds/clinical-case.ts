import { RECORD_MESSAGES } from '../api';
import { DEFAULT_SCALE } from '../scales';
import type { FieldDef, RecordKind } from '../types';
import {
  dateColumn,
  requiredLabel,
  TASK_INSERTED,
  teacherColumn,
  teacherField,
  verificationColumns,
} from './common';

const PATIENT = 'Patient Information';
const HISTORY = 'Medical History';
const COMPLAINTS = 'Presenting Complaints';
const VITALS = 'Vitals';
const PHYSICAL = 'Physical Examination';
const SYSTEMIC = 'Systemic Examination';
const OTHER = 'Other Details';
const REMARKS = 'Remarks';

/** Sections in the order the form and the Clinical Case Details viewer show them (spec 02 section 2). */
export const CLINICAL_CASE_SECTIONS = [
  PATIENT,
  HISTORY,
  COMPLAINTS,
  VITALS,
  PHYSICAL,
  SYSTEMIC,
  OTHER,
  REMARKS,
] as const;

const text = (name: string, label: string, section: string, maxLength = 200): FieldDef => ({
  name,
  label,
  section,
  input: 'text',
  required: true,
  maxLength,
});
const textarea = (name: string, label: string, section: string, required = true): FieldDef => ({
  name,
  label,
  section,
  input: 'textarea',
  required,
  maxLength: 4000,
});
const sign = (name: string, label: string): FieldDef => ({
  name,
  label,
  section: PHYSICAL,
  input: 'absent-present',
  required: true,
});

/**
 * The clinical case (spec 02 section 3): every field required except the menstrual history, at
 * least one presenting complaint, '<Label> is required.', all errors at once. The patient's name,
 * contact number and address are sensitive: never in list answers. The spec's supervisingFaculty
 * is the common teacher and studentRemarks the common student remark. The spec lists no success
 * message for it: the default one.
 */
export const clinicalCase: RecordKind = {
  id: 'clinical-case',
  menuTitle: 'Clinical Cases',
  formTitle: 'Add Clinical Case',
  fields: [
    text('patientId', 'Patient ID', PATIENT, 100),
    { name: 'date', label: 'Date', section: PATIENT, input: 'date', required: true },
    { name: 'time', label: 'Time', section: PATIENT, input: 'time', required: true },
    { ...teacherField('Supervising Faculty'), section: PATIENT },
    { ...text('name', 'Patient Name', PATIENT), sensitive: true, patientName: true },
    text('ageGender', 'Age / Gender', PATIENT, 50),
    text('occupation', 'Occupation', PATIENT),
    {
      name: 'contactNumber',
      label: 'Contact Number',
      section: PATIENT,
      input: 'text',
      required: true,
      sensitive: true,
      maxLength: 10,
      pattern: { regex: /^\d{10}$/, message: RECORD_MESSAGES.contactNumber },
    },
    { ...textarea('address', 'Address', PATIENT), sensitive: true },

    textarea('pastMedicalHistory', 'Past Medical History', HISTORY),
    text('diet', 'Diet', HISTORY),
    text('sleepPattern', 'Sleep Pattern', HISTORY),
    text('bowelHabits', 'Bowel Habits', HISTORY),
    text('bladderHabits', 'Bladder Habits', HISTORY),
    text('addictions', 'Addictions', HISTORY),
    textarea('familyHistory', 'Family History', HISTORY),
    textarea('socioeconomicHistory', 'Socioeconomic History', HISTORY),
    textarea('menstrualHistory', 'Menstrual History', HISTORY, false),
    text('allergies', 'Allergies', HISTORY),
    text('immunizationStatus', 'Immunization Status', HISTORY),

    {
      name: 'presentingComplaints',
      label: 'Presenting Complaints',
      section: COMPLAINTS,
      input: 'text-list',
      min: 1,
      itemLabel: 'Presenting Complaint',
      required: true,
    },
    textarea('historyOfPresentIllness', 'History of Present Illness', COMPLAINTS),

    text('temperature', 'Temperature', VITALS, 50),
    text('pulseRate', 'Pulse Rate', VITALS, 50),
    text('respiratoryRate', 'Respiratory Rate', VITALS, 50),
    text('bloodPressure', 'Blood Pressure', VITALS, 50),
    text('spo2', 'SpO2', VITALS, 50),
    text('weightHeight', 'Weight / Height', VITALS, 50),

    sign('pallor', 'Pallor'),
    sign('icterus', 'Icterus'),
    sign('cyanosis', 'Cyanosis'),
    sign('clubbing', 'Clubbing'),
    sign('lymphadenopathy', 'Lymphadenopathy'),
    sign('edema', 'Edema'),
    textarea('otherFinding', 'Other Findings', PHYSICAL),

    textarea('respiratorySystem', 'Respiratory System', SYSTEMIC),
    textarea('cardiovascularSystem', 'Cardiovascular System', SYSTEMIC),
    textarea('gastrointestinalSystem', 'Gastrointestinal System', SYSTEMIC),
    textarea('centralNervousSystem', 'Central Nervous System', SYSTEMIC),
    textarea('musculoskeletalSystem', 'Musculoskeletal System', SYSTEMIC),
    textarea('reproductiveSystem', 'Reproductive System', SYSTEMIC),

    textarea('localExamination', 'Local Examination', OTHER),
    textarea('investigations', 'Investigations', OTHER),
    textarea('summaryOfCase', 'Summary of Case', OTHER),
    text('provisionalDiagnosis', 'Provisional Diagnosis', OTHER, 500),

    {
      name: 'studentRemark',
      label: 'Student Remarks',
      section: REMARKS,
      input: 'textarea',
      required: true,
      maxLength: 2000,
    },
  ],
  columns: [
    { label: 'Patient ID', value: 'details.patientId', identifiesPatient: true },
    dateColumn,
    { label: 'Provisional Diagnosis', value: 'details.provisionalDiagnosis' },
    teacherColumn('Supervising Faculty'),
    ...verificationColumns,
  ],
  requiredMessage: requiredLabel,
  successMessage: TASK_INSERTED,
  scoring: { type: 'scale', scale: DEFAULT_SCALE },
  dateField: 'date',
  summaryField: 'provisionalDiagnosis',
  showAllErrors: true,
};
