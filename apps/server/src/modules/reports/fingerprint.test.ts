import { DocumentCodeSchema } from '@pgel/shared/reports/documents';
import type { PrintLogbook } from '@pgel/shared/reports/print';
import { describe, expect, it } from 'vitest';
import { newDocumentCode } from './document-code';
import { fingerprintLogbook } from './fingerprint';
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

  it('is a SHA-256 hex and the same for the same logbook', () => {
    expect(base.fingerprint).toMatch(/^[0-9a-f]{64}$/);
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

describe('newDocumentCode', () => {
  it('makes valid, distinct codes', () => {
    const codes = Array.from({ length: 200 }, () => newDocumentCode());
    for (const code of codes) expect(DocumentCodeSchema.parse(code)).toBe(code);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
