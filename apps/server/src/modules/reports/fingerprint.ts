import { createHash } from 'node:crypto';
import type { PrintLogbook } from '@pgel/shared/reports/print';

/** Verified entries of one section: what the check page compares, never the entries themselves. */
export type SectionCount = { key: string; title: string; verified: number };

export type LogbookFingerprint = { fingerprint: string; sections: SectionCount[] };

/**
 * SHA-256 over the verified rows only (section key, row id, cells), in the print's order. Only
 * verified rows are evidence: a pending entry being added, rejected or edited, or the profile's
 * text changing, leaves the fingerprint alone; a verified entry added, changed or removed changes
 * it. Each value is length-prefixed JSON, so no two different logbooks serialise alike.
 */
export function fingerprintLogbook(print: PrintLogbook): LogbookFingerprint {
  const hash = createHash('sha256');
  const sections: SectionCount[] = [];
  for (const section of print.sections) {
    let verified = 0;
    for (const block of section.blocks) {
      if (block.type !== 'table') continue;
      for (const row of block.verified) {
        // The section is framed with each row, not on its own: a section that appears only for
        // pending entries (the DRP annexure) must not change the fingerprint.
        verified += 1;
        hash.update(frame(['row', section.key, row.id, ...row.cells]));
      }
    }
    sections.push({ key: section.key, title: section.title, verified });
  }
  return { fingerprint: hash.digest('hex'), sections };
}

function frame(values: string[]): string {
  const json = JSON.stringify(values);
  return `${json.length}:${json}\n`;
}
