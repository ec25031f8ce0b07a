import { checklist } from './kinds/checklist';
import { clinicalCase } from './kinds/clinical-case';
import { clinicalTraining } from './kinds/clinical-training';
import { conference } from './kinds/conference';
import { diagnosticSkill } from './kinds/diagnostic-skill';
import { extraCurricular } from './kinds/extra-curricular';
import { introductionSchedule } from './kinds/introduction-schedule';
import { leave } from './kinds/leave';
import { opd } from './kinds/opd';
import { paperPoster } from './kinds/paper-poster';
import { procedure } from './kinds/procedure';
import { skillsLab } from './kinds/skills-lab';
import { specialityPosting } from './kinds/speciality-posting';
import { surgicalSkill } from './kinds/surgical-skill';
import { teaching } from './kinds/teaching';
import { thesisReview } from './kinds/thesis-review';
import type { RecordKind } from './types';

export { CLINICAL_CASE_SECTIONS } from './kinds/clinical-case';
export * from './kinds/options';
export {
  checklist,
  clinicalCase,
  clinicalTraining,
  conference,
  diagnosticSkill,
  extraCurricular,
  introductionSchedule,
  leave,
  opd,
  paperPoster,
  procedure,
  skillsLab,
  specialityPosting,
  surgicalSkill,
  teaching,
  thesisReview,
};

/** Every kind, in menu order. `/task/{id}` and the `kind` column use `id`. */
export const RECORD_KINDS: readonly RecordKind[] = [
  introductionSchedule,
  teaching,
  clinicalTraining,
  opd,
  conference,
  paperPoster,
  thesisReview,
  specialityPosting,
  diagnosticSkill,
  surgicalSkill,
  skillsLab,
  extraCurricular,
  leave,
  clinicalCase,
  procedure,
  checklist,
];

const BY_ID = new Map(RECORD_KINDS.map((kind) => [kind.id, kind]));

/** The kind for a `/task/{id}` segment or a `kind` column value; undefined when unknown. */
export function findKind(id: string): RecordKind | undefined {
  return BY_ID.get(id);
}
