import {
  PRINT_ANNEXURE,
  PRINT_ANNEXURE_KINDS,
  PRINT_SECTION_KINDS,
  PRINT_SECTIONS,
  type PrintSection,
} from '@pgel/shared/reports/print';
import { monthRange } from '@pgel/shared/supervision/months';
import type { Executor } from '../../db/client';
import { fingerprintLogbook, type LogbookFingerprint } from './fingerprint';
import * as repo from './print.repository';
import { groupByKind, hasAnnexureRecords, PRINTED_KIND_IDS, recordTables } from './print-records';

/** A month's verified entries as evidence: their fingerprint, counts per section, and total. */
export type MonthEvidence = LogbookFingerprint & { verified: number };

/**
 * The fingerprint of one month's verified entries (issue 30's monthly authentication), by the
 * verifiable PDF's own scheme: the month's records laid out as the printable logbook's record
 * sections (and the annexure), then `fingerprintLogbook` over them. So a month's signature and a
 * PDF hash the same rows the same way, and a verified entry added, changed or removed changes
 * both. Read with the caller's transaction (the one that signs).
 */
export async function monthEvidence(db: Executor, studentId: string, month: string): Promise<MonthEvidence> {
  const rows = await repo.listPrintRecords(db, studentId, PRINTED_KIND_IDS, monthRange(month));
  const byKind = groupByKind(rows);
  const sections: PrintSection[] = PRINT_SECTIONS.filter(({ key }) => PRINT_SECTION_KINDS[key]).map(
    ({ key, title }) => ({ key, title, blocks: recordTables(PRINT_SECTION_KINDS[key] ?? [], byKind) }),
  );
  if (hasAnnexureRecords(byKind)) {
    sections.push({
      key: PRINT_ANNEXURE.key,
      title: PRINT_ANNEXURE.title,
      blocks: recordTables(PRINT_ANNEXURE_KINDS, byKind, { onlyWithRecords: true }),
    });
  }
  const fingerprint = fingerprintLogbook({ sections });
  const verified = fingerprint.sections.reduce((sum, section) => sum + section.verified, 0);
  // Only the sections that hold a verified entry of the month are worth keeping.
  return { ...fingerprint, sections: fingerprint.sections.filter((s) => s.verified > 0), verified };
}
