import { DEFAULT_SCALE } from '../scales';
import type { RecordKind } from '../types';
import {
  date,
  dateColumn,
  fillAll,
  remark,
  teacherColumn,
  teacherField,
  verificationColumns,
} from './common';
import { SKILL_ROLES } from './options';

/**
 * A surgical skill: competency and skill from the department's procedure lists, plus the
 * procedure performed (`topic`) and its details in the student's words (`topicText`, the spec's
 * custom text), and the operating faculty (the Surgeon column of spec 02 section 2).
 */
export const surgicalSkill: RecordKind = {
  id: 'surgical-skill',
  menuTitle: 'Surgical Skills',
  formTitle: 'Add Surgical Skill',
  fields: [
    {
      name: 'competency',
      label: 'Competency',
      input: 'remote-select',
      source: { list: 'competencies', for: 'proc' },
      required: true,
    },
    {
      name: 'skill',
      label: 'Skill',
      input: 'remote-select',
      source: { list: 'skills', dependsOn: 'competency' },
      required: true,
    },
    { name: 'topic', label: 'Procedure', input: 'text', required: true, maxLength: 300 },
    { name: 'topicText', label: 'Procedure Details', input: 'textarea', required: true, maxLength: 2000 },
    { name: 'role', label: 'Role', input: 'select', options: SKILL_ROLES, required: true },
    date,
    teacherField('Surgeon'),
    remark,
  ],
  columns: [
    { label: 'Competency', value: 'details.competency' },
    { label: 'Skills', value: 'details.skill' },
    { label: 'Procedure', value: 'details.topic' },
    { label: 'Role', value: 'details.role', format: 'role' },
    dateColumn,
    teacherColumn('Surgeon'),
    ...verificationColumns,
  ],
  requiredMessage: fillAll,
  successMessage: 'Surgical Skill submitted successfully!',
  scoring: { type: 'scale', scale: DEFAULT_SCALE },
  dateField: 'date',
  summaryField: 'topic',
  role: { field: 'role', subject: 'skill' },
};
