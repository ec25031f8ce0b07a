import { readdirSync } from 'node:fs';
import path from 'node:path';
import { FILE_MESSAGES, type FilePurpose, MAX_UPLOAD_BYTES } from '@pgel/shared/schemas/files';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index';
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
import { FILE_CSP } from './file-response';

/**
 * Issue 15: hostile uploads through every upload purpose (profile photo, ID proof, record
 * documents). Each is refused with the purpose's own message, or stored and served so it can do
 * no harm: its real type, nosniff, a CSP under which nothing runs, inline only for images and
 * PDFs, a saved name whose extension is the real type's, and bytes kept only under a key the
 * server made inside its store.
 */

const PURPOSES: readonly FilePurpose[] = ['profile_photo', 'id_proof', 'document'];
const TYPE_MESSAGE: Record<FilePurpose, string> = {
  profile_photo: FILE_MESSAGES.imagesOnly,
  id_proof: FILE_MESSAGES.imageOrPdf,
  document: FILE_MESSAGES.unsupported,
};
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 0x90)]);
const PE = Buffer.concat([
  Buffer.from('MZ\x90\x00', 'latin1'),
  Buffer.alloc(56),
  Buffer.from('This program cannot be run in DOS mode.\r\nPE\0\0', 'latin1'),
]);
const SCRIPT = '<script>parent.__xss = 1; fetch("/api/v1/me")</script>';
const HTML = Buffer.from(
  `<!doctype html><html><body><img src=x onerror="window.__xss=1">${SCRIPT}</body></html>`,
);
const SVG = Buffer.from(
  `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1">${SCRIPT}</svg>`,
);
/** A PDF header, then a page of HTML and script: what a sniffing browser could take for HTML. */
const POLYGLOT_PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n%<html><body>'),
  Buffer.from(`${SCRIPT}<!--\n`),
  tinyPdf().subarray('%PDF-1.4\n'.length),
  Buffer.from('-->\n</body></html>\n'),
]);
/** A real PNG with a page of HTML after its end. */
const POLYGLOT_PNG = Buffer.concat([tinyPng(), HTML]);

/** Every file under a folder, as paths relative to it. */
function listFiles(root: string): string[] {
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

describe('hostile uploads: refused, or stored and served harmlessly', () => {
  let t: TestApp;
  let student: string;
  let filesRoot: string;

  beforeAll(async () => {
    t = await buildTestApp();
    filesRoot = path.join(t.dataDir, 'files');
    const placement = await createPlacement(t.db);
    const s = await createUser(t.db, { placement });
    student = await login(t.app, s.email, s.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (purpose: FilePurpose, part: UploadPart) =>
    uploadFile(t.app, purpose, part, { cookie: student });
  const read = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: student } });
  const fileRows = async () => {
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(files);
    return row?.n ?? 0;
  };

  it('refuses executables, HTML, SVG and empty files on every purpose, storing nothing', async () => {
    const hostile: Array<[string, UploadPart]> = [
      ['ELF renamed .pdf', { data: ELF, fileName: 'report.pdf', contentType: 'application/pdf' }],
      ['PE renamed .pdf', { data: PE, fileName: 'scan.pdf', contentType: 'application/pdf' }],
      ['PE renamed .png', { data: PE, fileName: 'photo.png', contentType: 'image/png' }],
      ['HTML with script', { data: HTML, fileName: 'page.html', contentType: 'text/html' }],
      ['HTML renamed .pdf', { data: HTML, fileName: 'page.pdf', contentType: 'application/pdf' }],
      ['SVG with script', { data: SVG, fileName: 'pic.svg', contentType: 'image/svg+xml' }],
      ['SVG renamed .png', { data: SVG, fileName: 'pic.png', contentType: 'image/png' }],
      ['zero bytes', { data: Buffer.alloc(0), fileName: 'empty.pdf', contentType: 'application/pdf' }],
    ];
    const filesBefore = listFiles(filesRoot);
    const rowsBefore = await fileRows();
    let refused = 0;
    for (const purpose of PURPOSES) {
      for (const [what, part] of hostile) {
        const response = await upload(purpose, part);
        expect({ purpose, what, status: response.statusCode, body: response.json }).toEqual({
          purpose,
          what,
          status: 400,
          body: { code: 'validation', message: TYPE_MESSAGE[purpose] },
        });
        refused += 1;
      }
    }
    expect(listFiles(filesRoot)).toEqual(filesBefore);
    expect(await fileRows()).toBe(rowsBefore);
    console.log(`hostile uploads (${t.kind}): ${refused} refused with 400 over ${PURPOSES.length} purposes`);
  });

  it('refuses a file over the limit on every purpose with 413 and its message', async () => {
    const big = Buffer.concat([tinyPdf(), Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const filesBefore = listFiles(filesRoot);
    for (const purpose of PURPOSES) {
      const response = await upload(purpose, { data: big, fileName: 'huge.pdf' });
      expect(response.statusCode).toBe(413);
      expect(response.json).toEqual({ code: 'payload_too_large', message: FILE_MESSAGES.tooLarge });
    }
    expect(listFiles(filesRoot)).toEqual(filesBefore);
  });

  it('serves a polyglot PDF as a PDF only: nosniff, sandboxed, saved with a .pdf name', async () => {
    // A photo must be an image: the polyglot is refused there.
    const asPhoto = await upload('profile_photo', { data: POLYGLOT_PDF, fileName: 'poly.html' });
    expect(asPhoto.statusCode).toBe(400);
    expect(asPhoto.json.message).toBe(FILE_MESSAGES.imagesOnly);
    for (const purpose of ['id_proof', 'document'] as const) {
      const stored = await upload(purpose, {
        data: POLYGLOT_PDF,
        fileName: 'poly.html',
        contentType: 'text/html',
      });
      expect(stored.statusCode).toBe(201);
      const file = stored.json.file as { url: string; contentType: string; originalName: string };
      expect(file.contentType).toBe('application/pdf');
      const shown = await read(file.url);
      expect(shown.statusCode).toBe(200);
      expect(shown.rawPayload).toEqual(POLYGLOT_PDF);
      expect(shown.headers['content-type']).toBe('application/pdf');
      expect(shown.headers['x-content-type-options']).toBe('nosniff');
      // In a sandbox like every other file (issue 27): even read as HTML it could run nothing.
      expect(shown.headers['content-security-policy']).toBe(FILE_CSP);
      expect(FILE_CSP).toMatch(/default-src 'none'.*; sandbox;/);
      expect(FILE_CSP).not.toMatch(/script-src|unsafe-eval|allow-/);
      expect(shown.headers['content-disposition']).toBe('inline; filename="poly.html.pdf"');
      const saved = await read(`${file.url}?download=1`);
      expect(saved.headers['content-disposition']).toBe('attachment; filename="poly.html.pdf"');
    }
  });

  it('serves an image with HTML after it as an image in a sandbox, named for its type', async () => {
    const stored = await upload('profile_photo', { data: POLYGLOT_PNG, fileName: 'me.html' });
    expect(stored.statusCode).toBe(201);
    const file = stored.json.file as { url: string };
    const shown = await read(file.url);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.headers['x-content-type-options']).toBe('nosniff');
    expect(shown.headers['content-security-policy']).toBe(FILE_CSP);
    expect(FILE_CSP).toMatch(/default-src 'none'.*; sandbox;/);
    expect(shown.headers['content-disposition']).toBe('inline; filename="me.html.png"');
    // A 304 keeps the file's policy too.
    const again = await t.app.inject({
      method: 'GET',
      url: file.url,
      headers: { cookie: student, 'if-none-match': String(shown.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-security-policy']).toBe(FILE_CSP);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends anything but an image or a PDF as an attachment, even when asked inline', async () => {
    const stored = await upload('document', { data: tinyDocx(), fileName: 'case notes.docx' });
    expect(stored.statusCode).toBe(201);
    const shown = await read((stored.json.file as { url: string }).url);
    expect(shown.headers['content-type']).toBe(DOCX);
    expect(shown.headers['content-disposition']).toMatch(/^attachment; filename="case notes\.docx"/);
    expect(shown.headers['x-content-type-options']).toBe('nosniff');
    expect(shown.headers['content-security-policy']).toBe(FILE_CSP);
  });

  it('keeps hostile names as a plain last segment and the bytes only under keys it made', async () => {
    const longName = `${'a'.repeat(5000)}.pdf`;
    const cases: Array<[string, (name: string) => void]> = [
      ['../../etc/passwd', (name) => expect(name).toBe('passwd')],
      ['..\\..\\x.pdf', (name) => expect(name).toBe('x.pdf')],
      ['/etc/../../../../root/.ssh/authorized_keys', (name) => expect(name).toBe('authorized_keys')],
      ['evil\u0000.pdf\u0000.exe', (name) => expect(name).toBe('evil.pdf.exe')],
      ['..', (name) => expect(name).toBe('file')],
      ['%2e%2e%2f%2e%2e%2fetc%2fpasswd.pdf', (name) => expect(name).not.toContain('/')],
      [
        longName,
        (name) => {
          expect(name.length).toBeLessThanOrEqual(200);
          expect(name.endsWith('.pdf')).toBe(true);
        },
      ],
    ];
    for (const [fileName, check] of cases) {
      const response = await upload('document', { data: tinyPdf(), fileName });
      expect(response.statusCode).toBe(201);
      const file = response.json.file as { id: string; originalName: string; url: string };
      check(file.originalName);
      expect(file.originalName).not.toMatch(/[/\\]/);
      expect(file.originalName.includes('\u0000')).toBe(false);
      const [row] = await t.db.select().from(files).where(eq(files.id, file.id));
      expect(row?.storageKey).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
      const shown = await read(file.url);
      expect(shown.statusCode).toBe(200);
      const disposition = String(shown.headers['content-disposition']);
      expect(disposition).toMatch(/^inline; filename="[^"/\\]*\.pdf"/);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may reach a header.
      expect(disposition).not.toMatch(/[\u0000-\u001f]/);
    }
    // Nothing was written outside the store, and inside it only the server's keys.
    for (const key of listFiles(filesRoot)) {
      expect(key.split(path.sep).join('/')).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
    }
    const outside = listFiles(t.dataDir).filter((entry) => !entry.startsWith(`files${path.sep}`));
    expect(outside.filter((entry) => /passwd|authorized_keys|x\.pdf|evil/.test(entry))).toEqual([]);
  });
});
