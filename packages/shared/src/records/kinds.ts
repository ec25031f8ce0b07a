import { checklist } from './kinds/checklist';
import { clinicalCase } from './kinds/clinical-case';
import { clinicalTraining } from './kinds/clinical-training';
import { conference } from './kinds/conference';
import { diagnosticSkill } from './kinds/diagnostic-skill';
import { drpActivity, drpUpload } from './kinds/drp';
import { extraCurricular } from './kinds/extra-curricular';
import { crimeScene, drpAutopsy, expertOpinion, medicoLegal } from './kinds/forensic';
import { introductionSchedule } from './kinds/introduction-schedule';
import { leave } from './kinds/leave';
import { opd } from './kinds/opd';
import { paperPoster } from './kinds/paper-poster';
import { procedure } from './kinds/procedure';
import { publication } from './kinds/publication';
import { skillsLab } from './kinds/skills-lab';
import { specialityPosting } from './kinds/speciality-posting';
import { surgicalSkill } from './kinds/surgical-skill';
import { teaching } from './kinds/teaching';
import { thesisReview } from './kinds/thesis-review';
import { synopsisUpload, thesisUploadKind } from './kinds/thesis-upload';
import type { RecordKind } from './types';

export { CLINICAL_CASE_SECTIONS } from './kinds/clinical-case';
export * from './kinds/options';
export {
  checklist,
  clinicalCase,
  clinicalTraining,
  conference,
  crimeScene,
  diagnosticSkill,
  drpActivity,
  drpAutopsy,
  drpUpload,
  expertOpinion,
  extraCurricular,
  introductionSchedule,
  leave,
  medicoLegal,
  opd,
  paperPoster,
  procedure,
  publication,
  skillsLab,
  specialityPosting,
  surgicalSkill,
  synopsisUpload,
  teaching,
  thesisReview,
  thesisUploadKind,
};

/** Every kind, in menu order (those with a `page` of their own last). `/task/{id}` and the `kind` column use `id`. */
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
  // Academic records on their own screens (issue 11).
  publication,
  synopsisUpload,
  thesisUploadKind,
  // DRP and forensic records on their own screens (issue 12).
  drpActivity,
  drpUpload,
  drpAutopsy,
  medicoLegal,
  expertOpinion,
  crimeScene,
];

const BY_ID = new Map(RECORD_KINDS.map((kind) => [kind.id, kind]));

/** The kind for a `/task/{id}` segment or a `kind` column value; undefined when unknown. */
export function findKind(id: string): RecordKind | undefined {
  return BY_ID.get(id);
}
