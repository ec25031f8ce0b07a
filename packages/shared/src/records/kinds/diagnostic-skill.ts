import { DEFAULT_SCALE } from '../scales';
import type { RecordKind } from '../types';
import { date, dateColumn, fillAll, remark, teacher, teacherColumn, verificationColumns } from './common';
import { SKILL_ROLES } from './options';

export const diagnosticSkill: RecordKind = {
  id: 'diagnostic-skill',
  menuTitle: 'Diagnostic Skill',
  formTitle: 'Add Diagnostic Skill',
  fields: [
    {
      name: 'competency',
      label: 'Competency',
      input: 'remote-select',
      source: { list: 'competencies', for: 'diag' },
      required: true,
    },
    {
      name: 'skill',
      label: 'Skill',
      input: 'remote-select',
      source: { list: 'skills', dependsOn: 'competency' },
      required: true,
    },
    { name: 'role', label: 'Role', input: 'select', options: SKILL_ROLES, required: true },
    date,
    teacher,
    remark,
  ],
  columns: [
    { label: 'Competency', value: 'details.competency' },
    { label: 'Skills', value: 'details.skill' },
    { label: 'Role', value: 'details.role', format: 'role' },
    dateColumn,
    teacherColumn(),
    ...verificationColumns,
  ],
  requiredMessage: fillAll,
  successMessage: 'Diagnostic Skill submitted successfully!',
  scoring: { type: 'scale', scale: DEFAULT_SCALE },
  dateField: 'date',
  summaryField: 'skill',
  role: { field: 'role', subject: 'skill' },
};
