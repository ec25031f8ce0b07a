import type { Actor } from '@pgel/shared/auth/policies';
import {
  canReadPatientAccessLog,
  type PatientAccessLogQuery,
  type PatientAccessLogResponse,
} from '@pgel/shared/privacy/api';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/errors';
import { listPatientAccess } from './patient-access.repository';

export type PatientAccessDeps = { db: Database };

/**
 * The patient-identifier access log (issue 15, DPDP Rules 2025 rule 6): every full view of a
 * patient's name, contact number or address is written down (who, whose record, when, from
 * where) by the record detail (records-read.service.ts), kept one year (housekeeping) and
 * readable by Master here.
 */
export class PatientAccessService {
  constructor(private readonly deps: PatientAccessDeps) {}

  async list(actor: Actor, query: PatientAccessLogQuery): Promise<PatientAccessLogResponse> {
    if (!canReadPatientAccessLog(actor)) throw AppError.forbidden();
    const { rows, total } = await listPatientAccess(this.deps.db, query);
    return {
      items: rows.map((row) => ({ ...row, viewedAt: row.viewedAt.toISOString() })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }
}
