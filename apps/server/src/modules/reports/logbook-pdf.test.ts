import { PRINT_ANNEXURE, PRINT_MESSAGES, PRINT_SECTIONS } from '@pgel/shared/reports/print';
import {
  AUTHENTICATED_MONTHS_NONE,
  AUTHENTICATED_MONTHS_TITLE,
} from '@pgel/shared/supervision/month-authentication';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { collect, readPdf } from '../../test/pdf-reader';
import { renderLogbookPdf } from './logbook-pdf';
import { printFixture } from './print-fixture';

const CHECK_URL = 'http://app.test/check/ABCDEFGH23';

async function render(print = printFixture()) {
  const doc = await renderLogbookPdf(print, { code: 'ABCDEFGH23', checkUrl: CHECK_URL, logo: null });
  return collect(doc);
}

describe('the logbook PDF', () => {
  it('prints every section in order, each from a new page, with the check QR code and page numbers on every page', async () => {
    const bytes = await render();
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = readPdf(bytes);
    expect(pages.length).toBeGreaterThanOrEqual(PRINT_SECTIONS.length + 1);
    pages.forEach((page, i) => {
      expect(page.qr, `QR code on page ${i + 1}`).toBe(CHECK_URL);
      expect(page.text).toContain(`Check: ${CHECK_URL}`);
      expect(page.text).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    // Each section's title opens a page, in PRINT_SECTIONS order, then the annexure.
    const titles = [...PRINT_SECTIONS, PRINT_ANNEXURE].map((s) => s.title);
    const openings = pages.map((p) => p.text);
    let from = 0;
    for (const title of titles) {
      const at = openings.findIndex((text, i) => i >= from && startsWithHeading(text, title));
      expect(at, `section ${title}`).toBeGreaterThanOrEqual(from);
      from = at + 1;
    }
  });

  it('ends with the authenticated months: each with its signer, day and status (issue 30)', async () => {
    const pages = readPdf(await render(), { qr: false });
    const last = pages.at(-1)?.text ?? '';
    expect(startsWithHeading(last, AUTHENTICATED_MONTHS_TITLE)).toBe(true);
    for (const text of ['October 2026', 'Dr. Meera Iyer', '5 November 2026', 'Authenticated']) {
      expect(last).toContain(text);
    }
    const none = readPdf(await render({ ...printFixture(), authenticatedMonths: [] }), { qr: false });
    expect(none.at(-1)?.text).toContain(AUTHENTICATED_MONTHS_NONE);
  });

  it('prints pending and rejected rows apart, under the unverified caption, with their status', async () => {
    const text = readPdf(await render(), { qr: false })
      .map((p) => p.text)
      .join('\n');
    expect(text).toContain(PRINT_MESSAGES.unverifiedCaption);
    expect(text).toContain('Pending');
    expect(text).toContain('Rejected');
    expect(text).toContain('Entry 4 of procedures');
  });

  it('puts the college logo on the cover, and leaves out a logo it cannot read', async () => {
    const logo = await QRCode.toBuffer('college logo', { type: 'png' });
    for (const bytes of [logo, Buffer.from('not an image')]) {
      const doc = await renderLogbookPdf(printFixture(), {
        code: 'ABCDEFGH23',
        checkUrl: CHECK_URL,
        logo: bytes,
      });
      const pages = readPdf(await collect(doc));
      expect(pages[0]?.qr).toBe(CHECK_URL);
      expect(pages[0]?.text).toContain('Government Medical College');
    }
  });

  it('prints names in non-Latin letters', async () => {
    const text = readPdf(await render(printFixture({ studentName: 'Zoë Łukasz Ωmega' })), { qr: false })
      .map((p) => p.text)
      .join('\n');
    expect(text).toContain('Zoë Łukasz Ωmega');
  });

  // Speed is the benchmark's (bench/print-bench.ts); this checks the long tables' layout.
  it('repeats the table header on every page of a 3,000-record logbook', async () => {
    const bytes = await render(printFixture({ recordsPerSection: 200 }));
    const pages = readPdf(bytes, { qr: false });
    const procedurePages = pages.filter((p) => p.text.includes('of procedures'));
    expect(procedurePages.length).toBeGreaterThan(1);
    for (const page of procedurePages) expect(page.text).toContain('Description');
  });
});

/**
 * The heading is the first text of the page's body (the footer, drawn as the page starts, comes
 * first in the text; the cover page has the college's header above its heading).
 */
function startsWithHeading(text: string, title: string): boolean {
  const body = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^(Check: |Document code |Page \d+ of \d+)/.test(line));
  return title === 'Cover' ? body.slice(0, 6).includes(title) : body[0] === title;
}
