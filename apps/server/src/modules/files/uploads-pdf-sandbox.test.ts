import { FILE_MESSAGES, type FilePurpose } from '@pgel/shared/schemas/files';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyDocx, tinyPdf, tinyPng } from '../../test/files';
import {
  buildTestApp,
  createPlacement,
  createUser,
  login,
  type TestApp,
  type UploadPart,
  uploadFile,
} from '../../test/helpers';
import { collect } from '../../test/pdf-reader';
import { renderBonafidePdf } from '../bonafide/bonafide-pdf';
import { renderLogbookPdf } from '../reports/logbook-pdf';
import { printFixture } from '../reports/print-fixture';
import { FILE_CSP } from './file-response';

/**
 * Issue 27, part 6, finding 1: an HTML page whose first bytes are `%PDF-` was stored as a PDF and
 * served inline without the sandbox the other files get. Now a "PDF" must be built like one
 * (an object, a trailer, `%%EOF` at the end), and every upload, PDFs included, goes out under
 * `sandbox`. The PDFs the app makes and the test fixtures' PDFs are still accepted.
 */

const PURPOSES_TAKING_PDF: readonly FilePurpose[] = ['id_proof', 'document'];
const TYPE_MESSAGE: Record<FilePurpose, string> = {
  profile_photo: FILE_MESSAGES.imagesOnly,
  id_proof: FILE_MESSAGES.imageOrPdf,
  document: FILE_MESSAGES.unsupported,
};
const SCRIPT = '<script>parent.__xss = 1; fetch("/api/v1/me")</script>';

/** Files that start like a PDF and are not one. */
const FAKE_PDFS: Array<[string, Buffer]> = [
  ['HTML behind a PDF header', Buffer.from(`%PDF-1.7\n<!doctype html><html><body>${SCRIPT}</body></html>\n`)],
  [
    'HTML with a PDF header and an %%EOF, but no object',
    Buffer.from(`%PDF-1.7\n<html><body>${SCRIPT}</body></html>\ntrailer\n%%EOF\n`),
  ],
  [
    'HTML with an object and an %%EOF, but no trailer',
    Buffer.from(`%PDF-1.4\n1 0 obj\n<html><body>${SCRIPT}</body></html>\nendobj\n%%EOF\n`),
  ],
  [
    'a PDF with a page of HTML after its end',
    Buffer.concat([
      tinyPdf(),
      Buffer.from(`<html><body>${SCRIPT}${'<p>padding</p>'.repeat(100)}</body></html>`),
    ]),
  ],
];

/** A PDF 1.5 whose cross-reference is a stream: `startxref` and no `trailer` keyword. */
function xrefStreamPdf(): Buffer {
  return Buffer.from(
    [
      '%PDF-1.5',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj',
      '3 0 obj << /Type /XRef /Size 4 /W [1 1 1] /Root 1 0 R /Length 0 >> stream',
      'endstream endobj',
      'startxref',
      '110',
      '%%EOF',
      '',
    ].join('\n'),
    'latin1',
  );
}

/** A compressed pdfkit document with text: what most PDF writers produce. */
async function pdfkitPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A5' });
  doc.fontSize(20).text('Certificate of attendance', 50, 80);
  doc.end();
  return collect(doc);
}

/** The compact PDF the browser journeys upload (e2e/support/journeys.ts). */
const E2E_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

describe('uploads: a PDF must be one, and every upload is served in a sandbox', () => {
  let t: TestApp;
  let student: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const placement = await createPlacement(t.db);
    const s = await createUser(t.db, { placement });
    student = await login(t.app, s.email, s.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (purpose: FilePurpose, part: UploadPart) =>
    uploadFile(t.app, purpose, part, { cookie: student });
  const read = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: student, ...headers } });

  it("refuses a file that only starts like a PDF, with each purpose's message", async () => {
    for (const purpose of PURPOSES_TAKING_PDF) {
      for (const [what, data] of FAKE_PDFS) {
        const response = await upload(purpose, {
          data,
          fileName: 'scan.pdf',
          contentType: 'application/pdf',
        });
        expect({ purpose, what, status: response.statusCode, body: response.json }).toEqual({
          purpose,
          what,
          status: 400,
          body: { code: 'validation', message: TYPE_MESSAGE[purpose] },
        });
      }
    }
    console.log(
      `fake PDFs (${t.kind}): ${FAKE_PDFS.length * PURPOSES_TAKING_PDF.length} refused with 400 over ${PURPOSES_TAKING_PDF.length} purposes`,
    );
  });

  it('accepts the PDFs the app makes (logbook, certificate) and the fixtures’ PDFs', async () => {
    const logbook = await collect(
      await renderLogbookPdf(printFixture(), {
        code: 'ABCDEFGH23',
        checkUrl: 'http://app.test/check/ABCDEFGH23',
        logo: null,
      }),
    );
    const certificate = await renderBonafidePdf({
      collegeName: 'Government Medical College',
      collegeAddress: 'Kozhikode',
      studentName: 'Asha Menon',
      parentKind: "father's",
      parentName: 'Ravi Menon',
      departmentName: 'General Medicine',
      periodFrom: '01 Aug 2024',
      periodTo: '31 Jul 2027',
      issuedOn: '05 Aug 2024',
      hodName: 'Dr. Iyer',
      hodDesignation: 'Head of the Department',
      reference: 'BON/2024-25/000001',
      code: 'ABCDEFGH24',
      checkUrl: 'http://app.test/check/ABCDEFGH24',
    });
    const real: Array<[string, Buffer]> = [
      ['logbook PDF', logbook],
      ['bonafide certificate', certificate],
      ['pdfkit document', await pdfkitPdf()],
      ['tinyPdf fixture', tinyPdf()],
      ['e2e fixture', E2E_PDF],
      ['PDF 1.5 with an xref stream', xrefStreamPdf()],
    ];
    for (const purpose of PURPOSES_TAKING_PDF) {
      for (const [what, data] of real) {
        const response = await upload(purpose, { data, fileName: 'real.pdf' });
        expect({ purpose, what, status: response.statusCode }).toEqual({ purpose, what, status: 201 });
        expect((response.json.file as { contentType: string }).contentType).toBe('application/pdf');
      }
    }
  });

  it('serves PDFs, images and documents alike with the sandboxing CSP, 304 included', async () => {
    expect(FILE_CSP).toMatch(/(^|; )sandbox(;|$)/);
    expect(FILE_CSP).not.toMatch(/allow-|script-src|unsafe-eval/);
    const cases: Array<[FilePurpose, UploadPart, string]> = [
      ['document', { data: tinyPdf(), fileName: 'scan.pdf' }, 'inline; filename="scan.pdf"'],
      ['id_proof', { data: tinyPdf(), fileName: 'id.pdf' }, 'inline; filename="id.pdf"'],
      ['profile_photo', { data: tinyPng(), fileName: 'me.png' }, 'inline; filename="me.png"'],
      ['document', { data: tinyDocx(), fileName: 'notes.docx' }, 'attachment; filename="notes.docx"'],
    ];
    for (const [purpose, part, disposition] of cases) {
      const stored = await upload(purpose, part);
      expect(stored.statusCode, stored.body).toBe(201);
      const url = (stored.json.file as { url: string }).url;
      const shown = await read(url);
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['content-disposition']).toBe(disposition);
      expect(shown.headers['x-content-type-options']).toBe('nosniff');
      expect({ file: part.fileName, csp: shown.headers['content-security-policy'] }).toEqual({
        file: part.fileName,
        csp: FILE_CSP,
      });
      const again = await read(url, { 'if-none-match': String(shown.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.headers['content-security-policy']).toBe(FILE_CSP);
      const saved = await read(`${url}?download=1`);
      expect(saved.headers['content-security-policy']).toBe(FILE_CSP);
    }
  });
});
