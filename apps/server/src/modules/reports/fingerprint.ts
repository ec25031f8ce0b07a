import { createHash } from 'node:crypto';
import type { PrintLogbook, PrintSectionKey } from '@pgel/shared/reports/print';

/** Verified entries of one section: what the check page compares, never the entries themselves. */
export type SectionCount = { key: string; title: string; verified: number };

export type LogbookFingerprint = { fingerprint: string; sections: SectionCount[] };

/**
 * The fingerprint's formula. Version 1 (documents issued before the thesis facts were hashed)
 * is stored as bare hex; later versions carry their prefix (`v2:<hex>`), so the check page
 * recomputes every stored fingerprint with the formula it was issued with and an old document
 * does not read "changed since issue" only because the formula grew.
 */
export type FingerprintVersion = 1 | 2;
export const FINGERPRINT_VERSION: FingerprintVersion = 2;

/** The sections whose printed facts (the thesis' fields block) are evidence from version 2 on. */
const FACT_SECTIONS: ReadonlySet<PrintSectionKey> = new Set(['synopsis', 'thesis-review']);

/** The versions written with their prefix (version 1 is only ever bare hex). */
const PREFIXED_VERSIONS: ReadonlySet<number> = new Set<FingerprintVersion>([2]);

/**
 * The formula a stored fingerprint was made with: bare hex is version 1, `v<n>:<hex>` version n.
 * Anything else (a version this server does not know, `v1:` which is never written, a malformed
 * value) is null: no formula here reproduces it, so the check reads it as changed, not genuine.
 */
export function fingerprintVersion(stored: string): FingerprintVersion | null {
  if (/^[0-9a-f]{64}$/.test(stored)) return 1;
  const prefixed = /^v(\d+):[0-9a-f]{64}$/.exec(stored);
  const version = prefixed ? Number(prefixed[1]) : Number.NaN;
  return PREFIXED_VERSIONS.has(version) ? (version as FingerprintVersion) : null;
}

/**
 * SHA-256 over the verified rows (section key, row id, cells), in the print's order, and (from
 * version 2) the thesis facts printed with the synopsis and thesis review as the student stored
 * them: title, the guide's id (not the guide's name, which is their profile's text now),
 * the co-guides' names and departments as typed, and the synopsis acceptance date; written by
 * the student and unverified, but shown as the logbook's record. A pending entry being added,
 * rejected or edited, or any profile's text changing (the student's, the guide's), leaves the
 * fingerprint alone; a verified entry added, changed or removed, or a thesis fact filled in or
 * changed (another guide chosen), changes it. Each value is length-prefixed JSON, so no two
 * different logbooks serialise alike.
 */
export function fingerprintLogbook(
  print: Pick<PrintLogbook, 'sections'>,
  version: FingerprintVersion = FINGERPRINT_VERSION,
): LogbookFingerprint {
  const hash = createHash('sha256');
  const sections: SectionCount[] = [];
  for (const section of print.sections) {
    let verified = 0;
    for (const block of section.blocks) {
      if (block.type === 'fields') {
        if (version < 2 || !FACT_SECTIONS.has(section.key as PrintSectionKey)) continue;
        for (const field of block.fields) {
          // A field with evidence (the guide: their id) is hashed by it, apart from printed text.
          hash.update(
            field.evidence === undefined
              ? frame(['fact', section.key, field.label, field.value])
              : frame(['fact-evidence', section.key, field.label, field.evidence]),
          );
        }
        continue;
      }
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
  const hex = hash.digest('hex');
  return { fingerprint: version === 1 ? hex : `v${version}:${hex}`, sections };
}

function frame(values: string[]): string {
  const json = JSON.stringify(values);
  return `${json.length}:${json}\n`;
}
