import type { Actor } from '@pgel/shared/auth/policies';
import type { PrintLogbook } from '@pgel/shared/reports/print';
import type { Database } from '../../db/client';

/** The printable logbook's data (issue 14): the 22 sections of one student, formatted. */
export class PrintService {
  constructor(readonly deps: { db: Database }) {}

  /** The logbook of `studentId` as `actor` may print it (404 when out of scope). */
  async load(_actor: Actor, _studentId: string): Promise<PrintLogbook> {
    throw new Error('not built yet');
  }
}
