import { drpAutopsy, drpUpload, teaching } from '@pgel/shared/records/kinds';
import type { RecordKind } from '@pgel/shared/records/types';
import { FILE_MESSAGES } from '@pgel/shared/schemas/files';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drpPostings } from '../../db/schema/index';
import {
  createDrpRecordsWorld,
  createKindRecord,
  type DrpCaller,
  type DrpRecordsWorld,
} from '../../test/drp-records-world';
import { tinyPdf } from '../../test/files';
import { buildTestApp, type TestApp, unique, uploadFile } from '../../test/helpers';

type Upload = { id: string; bytes: Buffer };

/**
 * Files a DRP posting opens to people outside the file's college and department
 * (docs/decisions/012), read through `GET /api/v1/files/:id`: the posting's notice for its
 * student and, once the posting has started, its coordinator; and a posted resident's DRP upload
 * for that coordinator. Anything else answers like a missing file (404).
 */
describe('GET /files/:id through a DRP posting', () => {
  let t: TestApp;
  let w: DrpRecordsWorld;
  let notice: Upload;
  let futureNotice: Upload;
  let drpLogbook: Upload;
  let teachingCertificate: Upload;
  let autopsyDocument: Upload;
  let looseUpload: Upload;

  /** A PDF of its own bytes, uploaded as a document by `who`. */
  async function uploadPdf(who: DrpCaller): Promise<Upload> {
    const bytes = Buffer.concat([tinyPdf(), Buffer.from(`% ${unique('file')}\n`, 'latin1')]);
    const response = await uploadFile(
      t.app,
      'document',
      { data: bytes, fileName: 'scan.pdf' },
      { cookie: w.cookieOf(who) },
    );
    if (response.statusCode !== 201)
      throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
    return { id: (response.json.file as { id: string }).id, bytes };
  }

  /** A record of the kind by the student, its file a fresh upload of theirs. */
  async function recordWithFile(kind: RecordKind, changes: Record<string, unknown> = {}): Promise<Upload> {
    const file = await uploadPdf('student');
    const response = await createKindRecord(t, kind, w.cookieOf('student'), {
      certificateFileId: file.id,
      ...changes,
    });
    if (response.statusCode !== 201)
      throw new Error(`create failed: ${response.statusCode} ${response.body}`);
    return file;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    w = await createDrpRecordsWorld(t);
    // The department attaches a notice to the posting (here written straight into the row).
    notice = await uploadPdf('faculty');
    futureNotice = await uploadPdf('faculty');
    await t.db.update(drpPostings).set({ noticeFileId: notice.id }).where(eq(drpPostings.id, w.posting.id));
    await t.db
      .update(drpPostings)
      .set({ noticeFileId: futureNotice.id })
      .where(eq(drpPostings.id, w.futurePosting.id));
    drpLogbook = await recordWithFile(drpUpload);
    teachingCertificate = await recordWithFile(teaching, { teacherId: w.actors.faculty.id });
    autopsyDocument = await recordWithFile(drpAutopsy);
    looseUpload = await uploadPdf('student');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function read(who: DrpCaller, file: Upload) {
    const cookie = w.cookieOf(who);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/files/${file.id}`,
      headers: cookie ? { cookie } : {},
    });
    return { statusCode: response.statusCode, bytes: response.rawPayload, json: () => response.json() };
  }

  async function expectReads(who: DrpCaller, file: Upload) {
    const response = await read(who, file);
    expect(response.statusCode).toBe(200);
    expect(response.bytes.equals(file.bytes)).toBe(true);
  }

  async function expectNotFound(who: DrpCaller, file: Upload) {
    const response = await read(who, file);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(FILE_MESSAGES.notFound);
  }

  it("lets the coordinator read their started posting's notice and the student's DRP upload", async () => {
    await expectReads('coordinator', notice);
    await expectReads('coordinator', drpLogbook);
  });

  it('hides them from the coordinator of another posting and of a posting not yet started', async () => {
    for (const who of ['otherCoordinator', 'futureCoordinator'] as const) {
      await expectNotFound(who, notice);
      await expectNotFound(who, drpLogbook);
    }
    // The future posting's own notice waits for its first day too.
    await expectNotFound('futureCoordinator', futureNotice);
    await expectNotFound('coordinator', futureNotice);
  });

  it('lets the student read the notices the faculty uploaded for their postings, and no other student', async () => {
    await expectReads('student', notice);
    await expectReads('student', futureNotice);
    for (const who of ['otherStudent', 'medicineStudent'] as const) {
      await expectNotFound(who, notice);
      await expectNotFound(who, futureNotice);
    }
  });

  it("hides the student's other files from the coordinator: non-DRP records and loose uploads", async () => {
    for (const file of [teachingCertificate, autopsyDocument, looseUpload]) {
      await expectNotFound('coordinator', file);
      // The files are real and readable by their department: only the coordinator is refused.
      await expectReads('faculty', file);
    }
  });

  it('still refuses the signed-out caller', async () => {
    expect((await read('anonymous', notice)).statusCode).toBe(401);
  });
});
