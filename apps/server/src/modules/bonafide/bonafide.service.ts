import type { Database } from '../../db/client';

/** Certified students and their Bonafide Certificate PDF (spec 01 section 2.11, issue 14). */
export class BonafideService {
  constructor(readonly deps: { db: Database }) {}
}
