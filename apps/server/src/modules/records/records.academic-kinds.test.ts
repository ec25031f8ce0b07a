import { THESIS_MESSAGES } from '@pgel/shared/academic/thesis';
import { RECORD_MESSAGES } from '@pgel/shared/records/api';
import { publication, synopsisUpload, thesisUploadKind } from '@pgel/shared/records/kinds';
import { publicationMissing } from '@pgel/shared/records/kinds/publication';
import { todayIso } from '@pgel/shared/schemas/dates';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { records, theses } from '../../db/schema/index';
import { ACADEMIC_CALLERS, type AcademicWorld, withAcademicWorld } from '../../test/academic-world';
import { get, post, recordRow, type TestApp } from '../../test/helpers';
import { recordBody, uploadDocument, validValues } from '../../test/records-world';

/** The academic records kept by the record engine (issue 11): publications and review uploads. */
describe('records: publications and thesis review uploads', () => {
  let t: TestApp;
  let w: AcademicWorld;
  withAcademicWorld((app, world) => {
    t = app;
    w = world;
  });
  const student = () => w.actors.student.cookie;
  const faculty = () => w.actors.faculty.cookie;

  async function writeTitle(stage: 'synopsis' | 'thesis') {
    await t.db.insert(theses).values({
      stage,
      studentId: w.actors.student.id,
      collegeId: w.medicine.college.id,
      departmentId: w.medicine.department.id,
      title: `Outcomes of ${stage} care`,
    });
  }

  it('refuses a review upload before the stage has a title, with the page own message, and stores nothing', async () => {
    const fileId = await uploadDocument(t, student());
    for (const [kind, message] of [
      [synopsisUpload, THESIS_MESSAGES.synopsisTitleFirst],
      [thesisUploadKind, THESIS_MESSAGES.thesisTitleFirst],
    ] as const) {
      const response = await post(
        t.app,
        '/api/v1/records',
        recordBody(kind, { certificateFileId: fileId, studentRemark: 'First draft' }),
        { cookie: student() },
      );
      expect(response.statusCode).toBe(409);
      expect(response.json.message).toBe(message);
      const stored = await t.db
        .select()
        .from(records)
        .where(and(eq(records.studentId, w.actors.student.id), eq(records.kind, kind.id)));
      expect(stored).toHaveLength(0);
    }
  });

  it('an upload needs its file, is dated the day it arrives, and faculty approve it with feedback (never reject)', async () => {
    await writeTitle('synopsis');
    const missing = await post(
      t.app,
      '/api/v1/records',
      recordBody(synopsisUpload, { studentRemark: 'No file' }),
      {
        cookie: student(),
      },
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json.message).toBe('Please upload a file.');

    const fileId = await uploadDocument(t, student());
    const created = await post(
      t.app,
      '/api/v1/records',
      recordBody(synopsisUpload, { certificateFileId: fileId, studentRemark: 'Chapter one' }),
      { cookie: student() },
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json.message).toBe('File uploaded successfully!');
    const id = (created.json.record as { id: string }).id;
    expect(await recordRow(t.db, id)).toMatchObject({
      kind: 'synopsis-upload',
      status: 'pending',
      date: todayIso(),
      studentRemark: 'Chapter one',
      certificateFileId: fileId,
    });

    const rejected = await post(
      t.app,
      `/api/v1/records/${id}/verification`,
      { status: 'rejected', remark: 'Redo it' },
      { cookie: faculty() },
    );
    expect(rejected.statusCode).toBe(400);
    expect(rejected.json.message).toBe(RECORD_MESSAGES.verdictNotOffered('Approved'));
    expect((await recordRow(t.db, id))?.status).toBe('pending');

    const approved = await post(
      t.app,
      `/api/v1/records/${id}/verification`,
      { status: 'approved', remark: 'Well argued' },
      { cookie: faculty() },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await recordRow(t.db, id)).toMatchObject({
      status: 'approved',
      verifierRemark: 'Well argued',
      verifiedById: w.actors.faculty.id,
    });

    // Staff pick the student: the list of that student's uploads.
    const listed = await get(t.app, `/api/v1/records?kind=synopsis-upload&studentId=${w.actors.student.id}`, {
      cookie: faculty(),
    });
    expect(listed.statusCode).toBe(200);
    expect((listed.json.items as Array<{ id: string; verifierRemark: string }>).map((i) => i.id)).toContain(
      id,
    );
    // Another department's faculty see none of them.
    const outside = await get(t.app, `/api/v1/records?kind=synopsis-upload`, {
      cookie: w.actors.facultyOtherDepartment.cookie,
    });
    expect((outside.json.items as Array<{ id: string }>).map((i) => i.id)).not.toContain(id);
  });

  it('a publication needs every field and its certificate, with one message naming what is missing', async () => {
    const fileId = await uploadDocument(t, student());
    const values = validValues(publication, w.refs, fileId);
    for (const [name, label] of [
      ['coAuthor', 'Co-Author'],
      ['studentRemark', 'Student Remark'],
      ['certificateFileId', 'Certificate'],
      ['date', 'Publication Date'],
    ] as const) {
      const response = await post(
        t.app,
        '/api/v1/records',
        recordBody(publication, { ...values, [name]: undefined }),
        { cookie: student() },
      );
      expect(response.statusCode, name).toBe(400);
      expect(response.json.message).toBe(`Please fill all the data first: ${label}`);
    }
    // Several at once: all named, in the form's order; each field marked with its own line.
    const several = await post(
      t.app,
      '/api/v1/records',
      recordBody(publication, { ...values, journal: '', certificateFileId: undefined }),
      { cookie: student() },
    );
    expect(several.statusCode).toBe(400);
    expect(several.json.message).toBe(publicationMissing(['Journal', 'Certificate']));
    expect(several.json.fieldErrors).toEqual({
      journal: 'Journal is required.',
      certificateFileId: 'Certificate is required.',
    });
    const created = await post(t.app, '/api/v1/records', recordBody(publication, values), {
      cookie: student(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json.record as { id: string }).id;
    const live = await t.db
      .select()
      .from(records)
      .where(and(eq(records.id, id), isNull(records.deletedAt)));
    expect(live[0]).toMatchObject({ kind: 'publication', status: 'pending', certificateFileId: fileId });
    expect(live[0]?.details).toMatchObject({ title: values.title, journal: values.journal });
  });

  it('a publication is seen by its student, the department and Master only; only the department verifies it', async () => {
    const fileId = await uploadDocument(t, student());
    const created = await post(
      t.app,
      '/api/v1/records',
      recordBody(publication, validValues(publication, w.refs, fileId)),
      {
        cookie: student(),
      },
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json.record as { id: string }).id;
    const sees = { student: true, faculty: true, hod: true, master: true } as Record<string, boolean>;
    for (const caller of ACADEMIC_CALLERS) {
      const cookie = w.academicCookieOf(caller);
      const list = await get(t.app, '/api/v1/records?kind=publication&pageSize=20', cookie ? { cookie } : {});
      const detail = await get(t.app, `/api/v1/records/${id}`, cookie ? { cookie } : {});
      if (caller === 'anonymous') {
        expect([list.statusCode, detail.statusCode], caller).toEqual([401, 401]);
        continue;
      }
      const ids = (list.json.items as Array<{ id: string }>).map((item) => item.id);
      expect(ids.includes(id), caller).toBe(sees[caller] ?? false);
      expect(detail.statusCode, caller).toBe(sees[caller] ? 200 : 404);
    }
    for (const caller of ['otherStudent', 'facultyOtherDepartment', 'hodOtherCollege', 'master'] as const) {
      const verified = await post(
        t.app,
        `/api/v1/records/${id}/verification`,
        { status: 'approved', remark: 'Looks fine' },
        { cookie: w.academicCookieOf(caller) as string },
      );
      expect([403, 404], caller).toContain(verified.statusCode);
      expect((await recordRow(t.db, id))?.status, caller).toBe('pending');
    }
  });
});
