import { DEFAULT_SCALE } from '../scales';
import type { RecordKind } from '../types';
import { fillAll, remark, teacher, teacherColumn, verificationColumns } from './common';
import { SKILL_ROLES } from './options';

/**
 * A procedure done on a patient. Its date is `ipddDate` (the spec's name), which fills the
 * record's date column. The patient's name is shown in the list (spec 02 section 2 lists a
 * Patient Name column); only the clinical case's patient details are sensitive.
 */
export const procedure: RecordKind = {
  id: 'procedure',
  menuTitle: 'Procedures',
  formTitle: 'Add Procedure',
  fields: [
    { name: 'ipddDate', label: 'Date', input: 'date', required: true },
    {
      name: 'competency',
      label: 'Competency',
      input: 'remote-select',
      source: { list: 'competencies', for: 'proc' },
      required: true,
    },
    {
      name: 'skills',
      label: 'Skill',
      input: 'remote-select',
      source: { list: 'skills', dependsOn: 'competency' },
      required: true,
    },
    {
      name: 'patient',
      label: 'Patient Name',
      input: 'text',
      required: true,
      maxLength: 200,
      patientName: true,
    },
    { name: 'ipd', label: 'IPD/OPD No.', input: 'text', required: true, maxLength: 100, caseNumber: true },
    { name: 'role', label: 'Role', input: 'select', options: SKILL_ROLES, required: true },
    teacher,
    remark,
  ],
  columns: [
    { label: 'Date', value: 'date', format: 'date' },
    { label: 'Competency', value: 'details.competency' },
    { label: 'Skills', value: 'details.skills' },
    { label: 'Patient Name', value: 'details.patient', identifiesPatient: true },
    { label: 'OPD/IPD No.', value: 'details.ipd', printMasked: true },
    { label: 'Role', value: 'details.role', format: 'role' },
    teacherColumn(),
    ...verificationColumns,
  ],
  requiredMessage: fillAll,
  successMessage: 'Procedure submitted successfully!',
  scoring: { type: 'scale', scale: DEFAULT_SCALE },
  dateField: 'ipddDate',
  summaryField: 'skills',
  role: { field: 'role', subject: 'skills' },
};
