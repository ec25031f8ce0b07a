import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { FILE_MESSAGES, MAX_UPLOAD_BYTES } from '@pgel/shared/schemas/files';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, files } from '../../db/schema/index';
import { tinyDocx, tinyJpeg, tinyOle2, tinyPdf, tinyPng, zip } from '../../test/files';
import {
  buildTestApp,
  createPlacement,
  createUser,
  get,
  inject,
  login,
  type Placement,
  post,
  type TestApp,
  type UploadPart,
  uploadFile,
} from '../../test/helpers';
import { FILE_CSP } from './file-response';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

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

describe('files: upload and authorised download', () => {
  let t: TestApp;
  let placement: Placement;
  let otherDepartment: Placement;
  let student: string;
  let studentId: string;
  let classmate: string;
  let professor: string;
  let professorElsewhere: string;
  let master: string;
  let filesRoot: string;

  beforeAll(async () => {
    t = await buildTestApp();
    filesRoot = path.join(t.dataDir, 'files');
    placement = await createPlacement(t.db);
    otherDepartment = await createPlacement(t.db);
    const s = await createUser(t.db, { placement });
    studentId = s.id;
    const c = await createUser(t.db, { placement });
    const p = await createUser(t.db, { placement, role: 'professor' });
    const pe = await createUser(t.db, { placement: otherDepartment, role: 'professor' });
    const m = await createUser(t.db, { role: 'master' });
    student = await login(t.app, s.email, s.password);
    classmate = await login(t.app, c.email, c.password);
    professor = await login(t.app, p.email, p.password, 'staff');
    professorElsewhere = await login(t.app, pe.email, pe.password, 'staff');
    master = await login(t.app, m.email, m.password, 'staff');
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (purpose: string, part: UploadPart, cookie = student) =>
    uploadFile(t.app, purpose, part, { cookie });

  async function rowOf(id: unknown) {
    const [row] = await t.db
      .select()
      .from(files)
      .where(eq(files.id, String(id)));
    return row;
  }

  describe('POST /files', () => {
    it('needs a session (401)', async () => {
      const response = await uploadFile(t.app, 'profile_photo', { data: tinyPng(), fileName: 'me.png' });
      expect(response.statusCode).toBe(401);
      expect(response.json.code).toBe('unauthorized');
    });

    it.each([['passport_scan'], ['']])('refuses the purpose %j (400)', async (purpose) => {
      const response = await upload(purpose, { data: tinyPng(), fileName: 'me.png' });
      expect(response.statusCode).toBe(400);
      expect(response.json.message).toBe(FILE_MESSAGES.purpose);
    });

    it('asks for a file when the request has none in field `file` (400)', async () => {
      const wrongField = await upload('document', { data: tinyPng(), fileName: 'me.png', field: 'photo' });
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json.message).toBe(FILE_MESSAGES.missing);
      const json = await post(t.app, '/api/v1/files?purpose=document', { file: 'abc' }, { cookie: student });
      expect(json.statusCode).toBe(400);
      expect(json.json.message).toBe(FILE_MESSAGES.missing);
    });

    it('stores a photo under a server-made name, typed from its bytes, with an audit row', async () => {
      const before = listFiles(filesRoot);
      const response = await upload('profile_photo', {
        data: tinyPng(),
        fileName: '../../etc/My photo.png',
        contentType: 'text/plain',
      });
      expect(response.statusCode).toBe(201);
      const file = response.json.file as Record<string, unknown>;
      expect(file).toEqual({
        id: expect.any(String),
        originalName: 'My photo.png',
        contentType: 'image/png',
        size: tinyPng().length,
        url: `/api/v1/files/${file.id}`,
      });
      const row = await rowOf(file.id);
      expect(row).toMatchObject({
        ownerId: studentId,
        collegeId: placement.college.id,
        departmentId: placement.department.id,
        purpose: 'profile_photo',
        contentType: 'image/png',
      });
      expect(row?.storageKey).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
      expect(row?.storageKey).not.toContain('photo');
      const added = listFiles(filesRoot).filter((f) => !before.includes(f));
      expect(added).toEqual([row?.storageKey]);
      expect(readFileSync(path.join(filesRoot, String(row?.storageKey)))).toEqual(tinyPng());
      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(file.id)));
      expect(audit).toMatchObject({ action: 'file.upload', entity: 'file', actorId: studentId });
    });

    it('goes by the content, not the name: a PNG named .pdf is a PNG', async () => {
      const response = await upload('id_proof', {
        data: tinyPng(),
        fileName: 'college-id.pdf',
        contentType: 'application/pdf',
      });
      expect(response.statusCode).toBe(201);
      expect((response.json.file as { contentType: string }).contentType).toBe('image/png');
      const asPhoto = await upload('profile_photo', { data: tinyPng(), fileName: 'photo.pdf' });
      expect(asPhoto.statusCode).toBe(201);
    });

    it('refuses a text file named .png, with the message of the purpose', async () => {
      const text = Buffer.from('I am not an image, just text.\n');
      const cases: Array<[string, string]> = [
        ['profile_photo', FILE_MESSAGES.imagesOnly],
        ['id_proof', FILE_MESSAGES.imageOrPdf],
        ['document', FILE_MESSAGES.unsupported],
      ];
      const before = listFiles(filesRoot);
      for (const [purpose, message] of cases) {
        const response = await upload(purpose, {
          data: text,
          fileName: 'photo.png',
          contentType: 'image/png',
        });
        expect(response.statusCode).toBe(400);
        expect(response.json).toEqual({ code: 'validation', message });
      }
      expect(listFiles(filesRoot)).toEqual(before);
    });

    it('accepts each kind only where its purpose allows it', async () => {
      const cases: Array<[string, UploadPart, number, string]> = [
        ['profile_photo', { data: tinyJpeg(), fileName: 'a.jpg' }, 201, 'image/jpeg'],
        ['profile_photo', { data: tinyPdf(), fileName: 'a.pdf' }, 400, FILE_MESSAGES.imagesOnly],
        ['id_proof', { data: tinyPdf(), fileName: 'id.pdf' }, 201, 'application/pdf'],
        ['id_proof', { data: tinyDocx(), fileName: 'id.docx' }, 400, FILE_MESSAGES.imageOrPdf],
        ['document', { data: tinyDocx(), fileName: 'case.docx' }, 201, DOCX],
        ['document', { data: tinyOle2(), fileName: 'old.doc' }, 201, 'application/msword'],
        ['document', { data: tinyOle2(), fileName: 'sheet.XLS' }, 201, 'application/vnd.ms-excel'],
        ['document', { data: tinyOle2(), fileName: 'old.txt' }, 400, FILE_MESSAGES.unsupported],
        // A ZIP is a .docx only if it holds a Word document.
        ['document', { data: tinyDocx(), fileName: 'case.xlsx' }, 400, FILE_MESSAGES.unsupported],
        [
          'document',
          { data: zip({ 'a.txt': 'hello' }), fileName: 'fake.docx' },
          400,
          FILE_MESSAGES.unsupported,
        ],
        ['document', { data: Buffer.alloc(0), fileName: 'empty.pdf' }, 400, FILE_MESSAGES.unsupported],
      ];
      for (const [purpose, part, status, expected] of cases) {
        const response = await upload(purpose, part);
        expect({ purpose, name: part.fileName, status: response.statusCode }).toEqual({
          purpose,
          name: part.fileName,
          status,
        });
        if (status === 201)
          expect((response.json.file as { contentType: string }).contentType).toBe(expected);
        else expect(response.json.message).toBe(expected);
      }
    });

    it.each([
      [
        'cut off after the opening boundary',
        '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
      ],
      ['without any boundary', '{'],
      ['with a broken part header', '--zzz\r\nContent-Disposition\r\n\r\nx\r\n--zzz--\r\n'],
    ])('answers 400, not 500, to a multipart body %s, and keeps nothing', async (_case, payload) => {
      const [{ n: rowsBefore } = { n: 0 }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(files);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/files?purpose=profile_photo',
        headers: { cookie: student, 'content-type': 'multipart/form-data; boundary=zzz' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect([FILE_MESSAGES.unreadable, FILE_MESSAGES.missing]).toContain(response.json().message);
      const [{ n: rowsAfter } = { n: 0 }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(files);
      expect(rowsAfter).toBe(rowsBefore);
    });

    it('refuses a file over the limit with 413 and keeps nothing', async () => {
      const before = listFiles(filesRoot);
      const [{ n: rowsBefore } = { n: 0 }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(files);
      const big = Buffer.concat([tinyPng(), Buffer.alloc(MAX_UPLOAD_BYTES)]);
      const response = await upload('document', { data: big, fileName: 'huge.png' });
      expect(response.statusCode).toBe(413);
      expect(response.json).toEqual({ code: 'payload_too_large', message: FILE_MESSAGES.tooLarge });
      expect(listFiles(filesRoot)).toEqual(before);
      const [{ n: rowsAfter } = { n: 0 }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(files);
      expect(rowsAfter).toBe(rowsBefore);
    });

    it('accepts a file of exactly the limit', async () => {
      const exact = Buffer.concat([tinyPng(), Buffer.alloc(MAX_UPLOAD_BYTES - tinyPng().length)]);
      const response = await upload('document', { data: exact, fileName: 'exact.png' });
      expect(response.statusCode).toBe(201);
      expect((response.json.file as { size: number }).size).toBe(MAX_UPLOAD_BYTES);
    });

    it('removes the stored bytes again when the database write fails', async () => {
      await t.db.execute(sql`
        create or replace function refuse_test_upload() returns trigger language plpgsql as $$
        begin
          if new.original_name = 'fail-on-insert.png' then
            raise exception 'refused by test trigger';
          end if;
          return new;
        end $$`);
      await t.db.execute(sql`
        create trigger refuse_test_upload before insert on files
        for each row execute function refuse_test_upload()`);
      try {
        const before = listFiles(filesRoot);
        const response = await upload('document', { data: tinyPng(), fileName: 'fail-on-insert.png' });
        expect(response.statusCode).toBe(500);
        expect(listFiles(filesRoot)).toEqual(before);
        const rows = await t.db.select().from(files).where(eq(files.originalName, 'fail-on-insert.png'));
        expect(rows).toHaveLength(0);
      } finally {
        await t.db.execute(sql`drop trigger refuse_test_upload on files`);
      }
    });
  });

  describe('GET /files/:id', () => {
    let photo: { id: string; url: string };
    let report: { id: string; url: string };

    beforeAll(async () => {
      photo = (await upload('profile_photo', { data: tinyPng(), fileName: 'photo.png' })).json
        .file as typeof photo;
      report = (await upload('document', { data: tinyPdf(), fileName: 'रिपोर्ट (final).pdf' })).json
        .file as typeof report;
    });

    it('needs a session (401)', async () => {
      const response = await get(t.app, photo.url);
      expect(response.statusCode).toBe(401);
    });

    it('gives the owner the bytes inline, with its type, nosniff and a validator', async () => {
      const response = await t.app.inject({ method: 'GET', url: photo.url, headers: { cookie: student } });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload).toEqual(tinyPng());
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['content-length']).toBe(String(tinyPng().length));
      expect(response.headers['content-disposition']).toBe(`inline; filename="photo.png"`);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe(FILE_CSP);
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.headers.etag).toBe(`"${photo.id}"`);

      const again = await t.app.inject({
        method: 'GET',
        url: photo.url,
        headers: { cookie: student, 'if-none-match': `"${photo.id}"` },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('sends a download with the original name when asked', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `${report.url}?download=1`,
        headers: { cookie: student },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="_______ (final).pdf"; filename*=UTF-8''${encodeURIComponent('रिपोर्ट ').concat('%28final%29.pdf')}`,
      );
    });

    it('lets staff of the same college and department, and Master, read it', async () => {
      for (const cookie of [professor, master]) {
        const response = await t.app.inject({ method: 'GET', url: report.url, headers: { cookie } });
        expect(response.statusCode).toBe(200);
        expect(response.rawPayload).toEqual(tinyPdf());
      }
    });

    it('answers 404, not 403, to a classmate and to staff of another department', async () => {
      for (const cookie of [classmate, professorElsewhere]) {
        const response = await get(t.app, report.url, { cookie });
        expect(response.statusCode).toBe(404);
        expect(response.json).toEqual({ code: 'not_found', message: FILE_MESSAGES.notFound });
      }
    });

    it.each(['not-a-uuid', '7d5c1a3e-2b4f-4c6d-9e8f-0a1b2c3d4e5f', "1' or '1'='1"])(
      'answers 404 for the id %j',
      async (id) => {
        const response = await get(t.app, `/api/v1/files/${encodeURIComponent(id)}`, { cookie: master });
        expect(response.statusCode).toBe(404);
        expect(response.json.message).toBe(FILE_MESSAGES.notFound);
      },
    );

    it('answers 404 when the bytes have gone missing from the store', async () => {
      const lost = (await upload('document', { data: tinyPdf(), fileName: 'lost.pdf' })).json.file as {
        id: string;
        url: string;
      };
      const row = await rowOf(lost.id);
      rmSync(path.join(filesRoot, String(row?.storageKey)));
      const response = await inject(t.app, 'GET', lost.url, undefined, { cookie: student });
      expect(response.statusCode).toBe(404);
    });
  });
});
