import type { QueueingDeps } from '../../platform/service-deps';
import { AetcomService } from './aetcom.service';
import { AppraisalsService } from './appraisals.service';

export type AssessmentsDeps = QueueingDeps & { now?: () => Date };

/**
 * Faculty's scoring of a student beside the logbook (issue 11): the Quarterly Appraisal Form and
 * the yearly AETCOM scores. Both are written by faculty of the student's college and department
 * (`canScoreStudent`), each in one transaction that locks the student's row, with its audit row
 * and the student's notice and mail (issue 28); students read their own, staff their department's students', Master everyone's.
 */
export class AssessmentsService {
  readonly appraisals: AppraisalsService;
  readonly aetcom: AetcomService;

  constructor(readonly deps: AssessmentsDeps) {
    const inner = {
      db: deps.db,
      appUrl: deps.appUrl,
      onQueued: deps.onQueued,
      now: deps.now ?? (() => new Date()),
    };
    this.appraisals = new AppraisalsService(inner);
    this.aetcom = new AetcomService(inner);
  }
}
