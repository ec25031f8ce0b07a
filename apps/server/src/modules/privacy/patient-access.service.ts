import type { Database } from '../../db/client';

export type PatientAccessDeps = { db: Database };

/**
 * The patient-identifier access log (issue 15, DPDP Rules 2025 rule 6): every full view of a
 * patient's name, contact number or address is written down (who, whose record, when, from
 * where), kept one year and readable by Master.
 */
export class PatientAccessService {
  constructor(private readonly deps: PatientAccessDeps) {}
}
