import { DocumentCodeSchema } from '@pgel/shared/reports/documents';
import type { PrintLogbook } from '@pgel/shared/reports/print';
import { describe, expect, it } from 'vitest';
import { newDocumentCode } from './document-code';
import { fingerprintLogbook, fingerprintVersion } from './fingerprint';
import { printFixture } from './print-fixture';

/** A copy of the fixture changed by `edit` (the fixture itself is never touched). */
function edited(edit: (print: PrintLogbook) => void): PrintLogbook {
  const copy = structuredClone(printFixture());
  edit(copy);
  return copy;
}

function firstTable(print: PrintLogbook, key = 'procedures') {
  const block = print.sections.find((s) => s.key === key)?.blocks.find((b) => b.type === 'table');
  if (block?.type !== 'table') throw new Error(`no table in ${key}`);
  return block;
}

describe('fingerprintLogbook', () => {
  const base = fingerprintLogbook(printFixture());

  it('is a versioned SHA-256 hex and the same for the same logbook', () => {
    expect(base.fingerprint).toMatch(/^v2:[0-9a-f]{64}$/);
    expect(fingerprintVersion(base.fingerprint)).toBe(2);
    expect(fingerprintLogbook(printFixture()).fingerprint).toBe(base.fingerprint);
  });

  it('counts the verified rows of every section, in order', () => {
    const print = printFixture();
    expect(base.sections.map((s) => s.key)).toEqual(print.sections.map((s) => s.key));
    expect(base.sections.find((s) => s.key === 'procedures')?.verified).toBe(
      firstTable(print).verified.length,
    );
    expect(base.sections.find((s) => s.key === 'cover')?.verified).toBe(0);
  });

  it('ignores pending and rejected rows, the profile and the time of printing', () => {
    const changes = [
      edited((p) => {
        firstTable(p).unverified.push({ id: 'new', status: 'pending', cells: ['a', 'b', 'c', 'd', 'e'] });
      }),
      edited((p) => {
        const row = firstTable(p).unverified[0];
        if (row) row.cells[1] = 'Edited while pending';
      }),
      edited((p) => {
        firstTable(p).unverified.pop();
      }),
      edited((p) => {
        p.student.name = 'Someone Else';
        p.generatedAt = '2030-01-01T00:00:00.000Z';
        const cover = p.sections[0]?.blocks[0];
        if (cover?.type === 'fields' && cover.fields[0]) cover.fields[0].value = 'Changed';
      }),
    ];
    for (const print of changes) expect(fingerprintLogbook(print).fingerprint).toBe(base.fingerprint);
  });

  it('stays the same when a section appears holding only pending rows (the DRP annexure)', () => {
    const withAnnexure = edited((p) => {
      p.sections.push({
        key: 'drp',
        title: 'Annexure II: District Residency Programme',
        blocks: [
          {
            type: 'table',
            columns: ['Date'],
            verified: [],
            unverified: [{ id: 'x', status: 'pending', cells: ['1 May 2025'] }],
          },
        ],
      });
    });
    expect(fingerprintLogbook(withAnnexure).fingerprint).toBe(base.fingerprint);
  });

  it('changes when a verified row is added, changed, removed or moved to another section', () => {
    const changes = [
      edited((p) => {
        const table = firstTable(p);
        const row = table.unverified.shift();
        if (row) table.verified.push({ ...row, status: 'approved' });
      }),
      edited((p) => {
        const row = firstTable(p).verified[0];
        if (row) row.cells[2] = `${row.cells[2]}.`;
      }),
      edited((p) => {
        firstTable(p).verified.pop();
      }),
      edited((p) => {
        const row = firstTable(p).verified.pop();
        if (row) firstTable(p, 'clinical-cases').verified.push(row);
      }),
      // Cells are framed, so moving text across a cell boundary is a change too.
      edited((p) => {
        const row = firstTable(p).verified[0];
        if (row) row.cells = [`${row.cells[0]}${row.cells[1]}`, '', ...row.cells.slice(2)];
      }),
    ];
    const prints = changes.map((print) => fingerprintLogbook(print).fingerprint);
    for (const fingerprint of prints) expect(fingerprint).not.toBe(base.fingerprint);
    expect(new Set(prints).size).toBe(prints.length);
  });
});

/**
 * The fingerprint printFixture() had under the original formula (before versions, when bare hex
 * was all there was): documents issued then hold it, so version 1 must reproduce it exactly.
 */
const FIXTURE_V1 = 'facfa8ae8ada501bda919872a603a107647e9e14c60f362c76202c66773871af';

type Facts = { title: string; acceptance: string; guide?: { name: string; id: string } };

/** The fixture with the thesis facts the print shows above the synopsis and thesis review. */
function withThesisFacts(facts: Facts): PrintLogbook {
  return edited((p) => {
    for (const section of p.sections) {
      if (section.key !== 'synopsis' && section.key !== 'thesis-review') continue;
      const fields: Array<{ label: string; value: string; evidence?: string }> = [
        { label: section.key === 'synopsis' ? 'Synopsis Title' : 'Thesis Title', value: facts.title },
        facts.guide
          ? { label: 'Guide', value: facts.guide.name, evidence: `user:${facts.guide.id}` }
          : { label: 'Guide', value: 'N/A' },
        { label: 'Co-Guides', value: 'N/A' },
      ];
      if (section.key === 'thesis-review')
        fields.push({ label: 'Synopsis Acceptance Date', value: facts.acceptance });
      section.blocks.unshift({ type: 'fields', fields });
    }
  });
}

describe('fingerprint versions', () => {
  const blank = withThesisFacts({ title: 'N/A', acceptance: 'N/A' });

  it('version 2 changes when a thesis title or the synopsis acceptance date is filled in', () => {
    const before = fingerprintLogbook(blank).fingerprint;
    const titled = fingerprintLogbook(withThesisFacts({ title: 'Sepsis outcomes', acceptance: 'N/A' }));
    const accepted = fingerprintLogbook(withThesisFacts({ title: 'N/A', acceptance: '3 March 2025' }));
    expect(titled.fingerprint).not.toBe(before);
    expect(accepted.fingerprint).not.toBe(before);
    expect(accepted.fingerprint).not.toBe(titled.fingerprint);
    // Facts are not entries: the verified counts stay.
    expect(titled.sections).toEqual(fingerprintLogbook(blank).sections);
  });

  it("version 2 hashes the guide's id, not the guide's name now: a corrected name is no change", () => {
    const guide = { id: '00000000-0000-4000-8000-00000000a001', name: 'Dr. Mehta' };
    const chosen = fingerprintLogbook(withThesisFacts({ title: 'Sepsis', acceptance: 'N/A', guide }));
    const renamed = fingerprintLogbook(
      withThesisFacts({ title: 'Sepsis', acceptance: 'N/A', guide: { ...guide, name: 'Dr. A. Mehta' } }),
    );
    const another = fingerprintLogbook(
      withThesisFacts({
        title: 'Sepsis',
        acceptance: 'N/A',
        guide: { id: '00000000-0000-4000-8000-00000000a002', name: 'Dr. Mehta' },
      }),
    );
    const none = fingerprintLogbook(withThesisFacts({ title: 'Sepsis', acceptance: 'N/A' }));
    expect(renamed.fingerprint).toBe(chosen.fingerprint);
    expect(another.fingerprint).not.toBe(chosen.fingerprint);
    expect(none.fingerprint).not.toBe(chosen.fingerprint);
  });

  it('version 1 (bare hex, documents issued before) ignores the facts, as it did when issued', () => {
    const old = fingerprintLogbook(blank, 1).fingerprint;
    // Exactly what the original formula gave the fixture: a change to version 1 shows here.
    expect(old).toBe(FIXTURE_V1);
    expect(fingerprintVersion(old)).toBe(1);
    expect(
      fingerprintLogbook(withThesisFacts({ title: 'Sepsis outcomes', acceptance: '3 March 2025' }), 1)
        .fingerprint,
    ).toBe(old);
    expect(fingerprintLogbook(printFixture(), 1).fingerprint).toBe(old);
    expect(fingerprintLogbook(printFixture()).fingerprint.slice(3)).toBe(old);
  });

  it('reads the version from the stored value; an unknown or malformed one is no formula (null)', () => {
    const hex = FIXTURE_V1;
    expect(fingerprintVersion(hex)).toBe(1);
    expect(fingerprintVersion(`v2:${hex}`)).toBe(2);
    for (const stored of [
      `v1:${hex}`,
      `v3:${hex}`,
      `v12:${hex}`,
      `v0:${hex}`,
      `v:${hex}`,
      `x2:${hex}`,
      'v2:abc',
      '',
      hex.slice(1),
    ]) {
      expect(fingerprintVersion(stored), stored).toBeNull();
    }
  });
});

describe('newDocumentCode', () => {
  it('makes valid, distinct codes', () => {
    const codes = Array.from({ length: 200 }, () => newDocumentCode());
    for (const code of codes) expect(DocumentCodeSchema.parse(code)).toBe(code);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
