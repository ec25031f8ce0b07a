import { printDate } from '@pgel/shared/reports/print-format';
import type { AuthenticatedMonth } from '@pgel/shared/supervision/month-authentication';
import { monthLabel } from '@pgel/shared/supervision/months';
import type { Executor } from '../../db/client';
import * as repo from './monthly-authentication.repository';

/**
 * A resident's authenticated months as the printable logbook, the verifiable PDF and its check
 * page list them (issue 30): month, signer, day, verified entries, fingerprint, and whether an
 * entry changed after the signature. Oldest first.
 */
export async function authenticatedMonths(db: Executor, studentId: string): Promise<AuthenticatedMonth[]> {
  const rows = await repo.liveSignatures(db, [studentId]);
  return rows.map((row) => ({
    month: row.month,
    label: monthLabel(row.month),
    authenticatedBy: row.authenticatedByName,
    authenticatedOn: printDate(row.authenticatedAt),
    verifiedEntries: row.verifiedEntries,
    fingerprint: row.fingerprint,
    changedAfterAuthentication: row.changedAt !== null,
  }));
}
