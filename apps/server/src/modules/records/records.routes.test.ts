import { RECORD_MESSAGES } from '@pgel/shared/records/api';
import {
  clinicalCase,
  clinicalTraining,
  diagnosticSkill,
  leave,
  RECORD_KINDS,
  specialityPosting,
  teaching,
  thesisReview,
} from '@pgel/shared/records/kinds';
import { CLINICAL_TRAINING_RUBRICS } from '@pgel/shared/records/rubrics';
import type { RecordKind } from '@pgel/shared/records/types';
import { todayIso } from '@pgel/shared/records/validation';
import { FILE_MESSAGES } from '@pgel/shared/schemas/files';
import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, notifications, recordScores, records, settings } from '../../db/schema/index';
import { loadDataKey } from '../../platform/data-key';
import { tinyPng } from '../../test/files';
import {
  auditRowsFor,
  createCompetency,
  createPlacement,
  createRecordRow,
  createRecordRows,
  createSkill,
  createUser,
  del,
  freshIp,
  get,
  login,
  post,
  recordRow,
  type TestApp,
  uploadFile,
} from '../../test/helpers';
import {
  type RecordsWorld,
  recordBody,
  uploadDocument,
  validValues,
  withRecordsWorld,
} from '../../test/records-world';
import { openDetails } from './sensitive-details';

type Json = Record<string, unknown>;

describe('records API', () => {
  let t: TestApp;
  let w: RecordsWorld;

  withRecordsWorld((app, world) => {
    t = app;
    w = world;
  });

  const student = () => w.actors.student.cookie;
  const faculty = () => w.actors.faculty.cookie;
  const create = (kind: RecordKind, values: Json, cookie = student()) =>
    post(t.app, '/api/v1/records', recordBody(kind, values), { cookie });
  const idOf = (response: { json: Json }) => (response.json.record as { id: string }).id;

  describe('create', () => {
    it('answers an unknown kind with 400 and the contract message', async () => {
      const response = await post(
        t.app,
        '/api/v1/records',
        { kind: 'synopsis-x', details: {} },
        { cookie: student() },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json.message).toBe(RECORD_MESSAGES.unknownKind);
      const list = await get(t.app, '/api/v1/records?kind=nope', { cookie: student() });
      expect(list.statusCode).toBe(400);
      expect(list.json.message).toBe(RECORD_MESSAGES.unknownKind);
    });

    it('never answers bad JSON shapes with a 500', async () => {
      for (const body of [
        { kind: 'teaching', details: 'text' },
        { kind: 'teaching', details: [1, 2] },
        { kind: 42 },
        { kind: 'teaching', teacherId: { $ne: null }, details: {} },
        { kind: 'teaching', details: { topic: { nested: true }, trainingType: ['Theory Class'] } },
        { kind: 'clinical-case', details: { presentingComplaints: 'not a list', pallor: 7 } },
        { kind: 'opd', details: { opdCases: 'many' } },
      ]) {
        const response = await post(t.app, '/api/v1/records', body, { cookie: student() });
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
      }
      const broken = await t.app.inject({
        method: 'POST',
        url: '/api/v1/records',
        headers: { cookie: student(), 'content-type': 'application/json' },
        payload: '{"kind":',
      });
      expect(broken.statusCode).toBe(400);
    });

    it('shows every clinical case error at once, each field named', async () => {
      const response = await create(clinicalCase, { date: todayIso() });
      expect(response.statusCode).toBe(400);
      const fieldErrors = response.json.fieldErrors as Record<string, string>;
      expect(Object.keys(fieldErrors).length).toBeGreaterThan(20);
      expect(fieldErrors.menstrualHistory).toBeUndefined();
      expect(fieldErrors.name).toBe('Patient Name is required.');
      expect(response.json.message).toBe(Object.values(fieldErrors)[0]);
    });

    it('checks the contact number and refuses dates after today (leave may be in the future)', async () => {
      const values = validValues(clinicalCase, w.refs);
      const badPhone = await create(clinicalCase, { ...values, contactNumber: '12345' });
      expect(badPhone.json).toMatchObject({
        message: RECORD_MESSAGES.contactNumber,
        fieldErrors: { contactNumber: RECORD_MESSAGES.contactNumber },
      });
      const tomorrow = new Date();
      tomorrow.setDate(tomorrow.getDate() + 1);
      const future = await create(teaching, { ...validValues(teaching, w.refs), date: todayIso(tomorrow) });
      expect(future.statusCode).toBe(400);
      expect(future.json.message).toBe(RECORD_MESSAGES.futureDate);

      const leaveResponse = await create(leave, {
        ...validValues(leave, w.refs),
        fromDate: todayIso(tomorrow),
        toDate: todayIso(new Date(tomorrow.getTime() + 2 * 86_400_000)),
        leaveDays: 99,
      });
      expect(leaveResponse.statusCode, leaveResponse.body).toBe(201);
      const record = leaveResponse.json.record as { date: string; details: Json };
      expect(record.details.leaveDays).toBe(3);
      expect(record.date).toBe(todayIso(tomorrow));
    });

    it('accepts only teachers of the student department (never Master, Admin, blocked or another department)', async () => {
      const blocked = await createUser(t.db, { role: 'professor', placement: w.medicine, blocked: true });
      for (const teacherId of [
        w.actors.facultyOtherDepartment.id,
        w.actors.admin.id,
        w.actors.master.id,
        w.actors.otherStudent.id,
        blocked.id,
        '-'.repeat(36),
        '00000000-0000-4000-8000-000000000000',
      ]) {
        const response = await create(teaching, { ...validValues(teaching, w.refs), teacherId });
        expect(response.statusCode).toBe(400);
        expect(response.json).toMatchObject({
          message: RECORD_MESSAGES.teacherNotInDepartment,
          fieldErrors: { teacherId: RECORD_MESSAGES.teacherNotInDepartment },
        });
      }
      const hod = await create(teaching, { ...validValues(teaching, w.refs), teacherId: w.actors.hod.id });
      expect(hod.statusCode).toBe(201);
    });

    it('accepts only remote options of the student department, of the right type and competency', async () => {
      const base = validValues(diagnosticSkill, w.refs);
      const otherCompetency = await createCompetency(t.db, {
        departmentId: w.medicine.department.id,
        type: 'diag',
      });
      const skillOfOther = await createSkill(t.db, otherCompetency.id);
      const cases: Array<[Json, string]> = [
        [{ competency: w.refs.proc.competencyId, skill: w.refs.proc.skillId }, 'competency'],
        [{ competency: w.surgeryRefs.diag.competencyId, skill: w.surgeryRefs.diag.skillId }, 'competency'],
        [{ skill: skillOfOther.id }, 'skill'],
        [{ skill: w.surgeryRefs.diag.skillId }, 'skill'],
        [{ competency: 'not-a-uuid' }, 'competency'],
        [{ competency: '-'.repeat(36) }, 'competency'],
        [{ skill: 'f'.repeat(36) }, 'skill'],
      ];
      for (const [change, field] of cases) {
        const response = await create(diagnosticSkill, { ...base, ...change });
        expect(response.statusCode, JSON.stringify(change)).toBe(400);
        const label = diagnosticSkill.fields.find((f) => f.name === field)?.label ?? '';
        expect((response.json.fieldErrors as Json)[field]).toBe(RECORD_MESSAGES.optionNotFound(label));
      }
      const other = await create(diagnosticSkill, {
        ...base,
        competency: otherCompetency.id,
        skill: skillOfOther.id,
      });
      expect(other.statusCode).toBe(201);
      expect((other.json.record as { details: Json }).details).toMatchObject({
        competency: { id: otherCompetency.id, title: otherCompetency.title },
        skill: { id: skillOfOther.id, title: skillOfOther.title },
      });

      const speciality = await create(specialityPosting, {
        ...validValues(specialityPosting, w.refs),
        speciality: w.surgeryRefs.specialityId,
      });
      expect(speciality.statusCode).toBe(400);
    });

    it("takes only the student's own uploads for documents as a certificate", async () => {
      const kind = RECORD_KINDS.find((k) => k.id === 'extra-curricular') as RecordKind;
      const othersFile = await uploadDocument(t, w.actors.otherStudent.cookie);
      const notMine = await create(kind, validValues(kind, w.refs, othersFile));
      expect(notMine.json).toMatchObject({
        message: FILE_MESSAGES.notFound,
        fieldErrors: { certificateFileId: FILE_MESSAGES.notFound },
      });
      const photo = await uploadFile(
        t.app,
        'profile_photo',
        { data: tinyPng(), fileName: 'me.png' },
        { cookie: student() },
      );
      const photoId = (photo.json.file as { id: string }).id;
      const wrongPurpose = await create(kind, validValues(kind, w.refs, photoId));
      expect(wrongPurpose.statusCode).toBe(400);
      const malformed = await create(kind, validValues(kind, w.refs, 'a'.repeat(36)));
      expect(malformed.json.fieldErrors).toEqual({ certificateFileId: FILE_MESSAGES.notFound });
      const mine = await uploadDocument(t, student());
      const ok = await create(kind, validValues(kind, w.refs, mine));
      expect(ok.statusCode).toBe(201);
      expect((ok.json.record as { certificate: Json }).certificate).toMatchObject({
        id: mine,
        url: `/api/v1/files/${mine}`,
        originalName: 'certificate.pdf',
        contentType: 'application/pdf',
      });
    });

    it('offers the three extra clinical training types to a department named Anatomy by default', async () => {
      const anatomy = await createPlacement(t.db, { departmentName: 'Anatomy' });
      const s = await createUser(t.db, { placement: anatomy, verifyByHod: true });
      const teacher = await createUser(t.db, { placement: anatomy, role: 'professor' });
      const cookie = await login(t.app, s.email, s.password, 'student', { remoteAddress: freshIp() });
      const field = clinicalTraining.fields.find((f) => f.name === 'trainingType');
      if (field?.input !== 'select' || !field.restricted) throw new Error('no restricted options');
      const response = await create(
        clinicalTraining,
        {
          ...validValues(clinicalTraining, { ...w.refs, teacherId: teacher.id }),
          trainingType: field.restricted.options[0],
        },
        cookie,
      );
      expect(response.statusCode, response.body).toBe(201);
      expect((await get(t.app, '/api/v1/records/form-context', { cookie })).json).toEqual({
        restrictedAllowed: [field.restricted.departmentSetting],
      });
    });

    it('offers the three extra clinical training types only to the department the setting names', async () => {
      const restricted = clinicalTraining.fields.find((f) => f.name === 'trainingType');
      if (restricted?.input !== 'select' || !restricted.restricted) throw new Error('no restricted options');
      const extra = restricted.restricted.options[0] as string;
      const values = { ...validValues(clinicalTraining, w.refs), trainingType: extra };
      const refused = await create(clinicalTraining, values);
      expect(refused.statusCode).toBe(400);
      expect(refused.json.message).toBe(RECORD_MESSAGES.optionNotFound('Training Type'));

      await t.db
        .insert(settings)
        .values({ key: restricted.restricted.departmentSetting, value: w.medicine.department.name })
        .onConflictDoUpdate({ target: settings.key, set: { value: w.medicine.department.name } });
      try {
        const allowed = await create(clinicalTraining, values);
        expect(allowed.statusCode, allowed.body).toBe(201);
        const context = await get(t.app, '/api/v1/records/form-context', { cookie: student() });
        expect(context.json).toEqual({ restrictedAllowed: [restricted.restricted.departmentSetting] });
        const surgeon = await get(t.app, '/api/v1/records/form-context', {
          cookie: w.actors.facultyOtherDepartment.cookie,
        });
        expect(surgeon.json).toEqual({ restrictedAllowed: [] });
      } finally {
        await t.db.delete(settings).where(eq(settings.key, restricted.restricted.departmentSetting));
      }
    });

    it('tells the teacher in the app (by e-mail in the daily digest); the audit row has no patient details', async () => {
      const values = validValues(clinicalCase, w.refs);
      const response = await create(clinicalCase, values);
      expect(response.statusCode, response.body).toBe(201);
      const id = idOf(response);
      const told = await t.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.toId, w.actors.faculty.id),
            eq(notifications.url, `/task/clinical-case?record=${id}`),
          ),
        );
      expect(told.at(-1)).toMatchObject({ fromId: w.actors.student.id });
      expect(told.at(-1)?.description).toContain(w.actors.student.name);
      // The daily digest is the default: no mail for this one entry (records.handoff.test.ts).
      const mail = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, w.actors.faculty.email));
      expect(mail.filter((m) => m.text.includes(id))).toHaveLength(0);
      const audit = await auditRowsFor(t.db, 'record', id);
      expect(JSON.stringify(audit)).not.toContain(values.name as string);
      expect(JSON.stringify(audit)).not.toContain(values.contactNumber as string);
      const stored = await recordRow(t.db, id);
      // Sealed at rest (issue 15): the raw column holds none of the values; the key opens them.
      for (const value of [values.name, values.address, values.contactNumber]) {
        expect(stored?.sensitiveDetails).not.toContain(value as string);
      }
      expect(stored?.sensitiveDetails).toMatch(/^v2:[0-9a-f]{16}:/);
      const key = loadDataKey({ dataKey: undefined, dataDir: t.dataDir });
      expect(openDetails(key, stored?.sensitiveDetails)).toMatchObject({
        name: values.name,
        address: values.address,
      });
      expect(stored?.details).not.toHaveProperty('name');
    });
  });

  describe('list, detail and counts', () => {
    it('pages, filters, searches and sorts in SQL', async () => {
      const other = await createUser(t.db, { placement: w.medicine, name: `Dr. ${w.tag} Pager` });
      const rows = Array.from({ length: 12 }, (_, i) => ({
        kind: 'skills-lab',
        studentId: other.id,
        placement: w.medicine,
        date: `2024-03-${String(i + 1).padStart(2, '0')}`,
        summary: i % 2 === 0 ? `Suturing ${i}` : `Intubation ${i}`,
        details: { topic: i % 2 === 0 ? `Suturing ${i}` : `Intubation ${i}` },
        status: i < 3 ? ('approved' as const) : ('pending' as const),
      }));
      await createRecordRows(t.db, rows);
      const url = `/api/v1/records?kind=skills-lab&studentId=${other.id}`;
      const page1 = await get(t.app, `${url}&pageSize=5`, { cookie: faculty() });
      expect(page1.json).toMatchObject({ total: 12, page: 1, pageSize: 5 });
      expect((page1.json.items as Json[]).map((i) => i.date)).toEqual([
        '2024-03-12',
        '2024-03-11',
        '2024-03-10',
        '2024-03-09',
        '2024-03-08',
      ]);
      const page3 = await get(t.app, `${url}&pageSize=5&page=3`, { cookie: faculty() });
      expect((page3.json.items as Json[]).map((i) => i.date)).toEqual(['2024-03-02', '2024-03-01']);
      const asc = await get(t.app, `${url}&sort=date&order=asc&pageSize=5`, { cookie: faculty() });
      expect((asc.json.items as Json[])[0]?.date).toBe('2024-03-01');
      const approved = await get(t.app, `${url}&status=approved`, { cookie: faculty() });
      expect(approved.json.total).toBe(3);
      const search = await get(t.app, `${url}&search=suturing`, { cookie: faculty() });
      expect(search.json.total).toBe(6);
      const byName = await get(
        t.app,
        `/api/v1/records?kind=skills-lab&search=${encodeURIComponent('Pager')}`,
        {
          cookie: faculty(),
        },
      );
      expect(byName.json.total).toBe(12);
      expect((byName.json.items as Json[])[0]?.studentName).toBe(`Dr. ${w.tag} Pager`);
      const badPageSize = await get(t.app, `${url}&pageSize=7`, { cookie: faculty() });
      expect(badPageSize.statusCode).toBe(400);
    });

    it('answers malformed and unknown ids with 404 on every id route', async () => {
      for (const id of ['nope', '123', '00000000-0000-4000-8000-000000000000', "1' or '1'='1"]) {
        const enc = encodeURIComponent(id);
        expect((await get(t.app, `/api/v1/records/${enc}`, { cookie: student() })).statusCode).toBe(404);
        expect((await get(t.app, `/api/v1/records/${enc}/scores`, { cookie: student() })).statusCode).toBe(
          404,
        );
        expect((await del(t.app, `/api/v1/records/${enc}`, { cookie: student() })).statusCode).toBe(404);
        const verify = await post(
          t.app,
          `/api/v1/records/${enc}/verification`,
          { status: 'approved', remark: 'x', score: 1 },
          { cookie: faculty() },
        );
        expect(verify.statusCode).toBe(404);
        expect(
          (
            await post(
              t.app,
              `/api/v1/records/${enc}/reset`,
              { reason: 'Reviewed again on request' },
              { cookie: faculty() },
            )
          ).statusCode,
        ).toBe(404);
      }
      const bulk = await post(
        t.app,
        '/api/v1/records/bulk-verification',
        { recordIds: ['nope'], status: 'approved', remark: 'x', score: 1 },
        { cookie: faculty() },
      );
      expect(bulk.statusCode).toBe(400);
      const options = await get(t.app, '/api/v1/records/options/nothing', { cookie: student() });
      expect(options.statusCode).toBe(400);
      const skills = await get(t.app, '/api/v1/records/options/skills?competencyId=nope', {
        cookie: student(),
      });
      expect(skills.statusCode).toBe(400);
    });

    it('counts the student records per kind and status, leaving out deleted ones', async () => {
      const s = await createUser(t.db, { placement: w.medicine, verifyByHod: true });
      const cookie = await login(t.app, s.email, s.password, 'student', { remoteAddress: freshIp() });
      const ids = await createRecordRows(t.db, [
        { kind: 'teaching', studentId: s.id, placement: w.medicine },
        { kind: 'teaching', studentId: s.id, placement: w.medicine, status: 'approved' },
        { kind: 'teaching', studentId: s.id, placement: w.medicine, status: 'rejected' },
        {
          kind: 'checklist',
          studentId: s.id,
          placement: w.medicine,
          status: 'approved',
          details: { particular: 'GCP' },
        },
        { kind: 'opd', studentId: s.id, placement: w.medicine },
      ]);
      await del(t.app, `/api/v1/records/${ids[4]}`, { cookie });
      const response = await get(t.app, '/api/v1/records/counts', { cookie });
      const items = response.json.items as Array<{ kind: string; total: number }>;
      expect(items.map((i) => i.kind)).toEqual(RECORD_KINDS.map((k) => k.id));
      expect(items.find((i) => i.kind === 'teaching')).toEqual({
        kind: 'teaching',
        total: 3,
        approved: 1,
        pending: 1,
        rejected: 1,
      });
      expect(items.find((i) => i.kind === 'checklist')).toMatchObject({ total: 1, approved: 1 });
      expect(items.find((i) => i.kind === 'opd')).toMatchObject({ total: 0 });
    });

    it('lists the department pending records for faculty, 10 a page, searchable by student name', async () => {
      const s = await createUser(t.db, { placement: w.medicine, name: `Dr. ${w.tag} Waiting` });
      await createRecordRows(
        t.db,
        Array.from({ length: 13 }, (_, i) => ({
          kind: i % 2 ? 'teaching' : 'opd',
          studentId: s.id,
          placement: w.medicine,
          summary: `Item ${i}`,
          status: i === 0 ? ('approved' as const) : ('pending' as const),
        })),
      );
      const response = await get(
        t.app,
        `/api/v1/records/pending?search=${encodeURIComponent(`${w.tag} Waiting`)}`,
        {
          cookie: faculty(),
        },
      );
      expect(response.json).toMatchObject({ total: 12, pageSize: 10 });
      const items = response.json.items as Json[];
      expect(items).toHaveLength(10);
      expect(items[0]).toMatchObject({
        studentName: `Dr. ${w.tag} Waiting`,
        status: 'pending',
        summary: expect.stringMatching(/^Item /),
      });
      const page2 = await get(
        t.app,
        `/api/v1/records/pending?page=2&search=${encodeURIComponent(`${w.tag} Waiting`)}`,
        { cookie: faculty() },
      );
      expect(page2.json.items).toHaveLength(2);
    });
  });

  describe('verification', () => {
    it('scores the thesis review on the 1-4 scale: 0 is refused', async () => {
      const created = await create(thesisReview, validValues(thesisReview, w.refs));
      const id = idOf(created);
      const zero = await post(
        t.app,
        `/api/v1/records/${id}/verification`,
        { status: 'approved', remark: 'ok', score: 0 },
        { cookie: faculty() },
      );
      expect(zero.statusCode).toBe(400);
      expect(zero.json.message).toBe(RECORD_MESSAGES.verifyAllFields);
      const one = await post(
        t.app,
        `/api/v1/records/${id}/verification`,
        { status: 'approved', remark: 'ok', score: 1 },
        { cookie: faculty() },
      );
      expect((one.json.record as { score: Json }).score).toEqual({ value: 1, label: 'Poor' });
    });

    it('scores a clinical training type with a rubric row by row; the overall is the rounded average', async () => {
      const [type, rows] = Object.entries(CLINICAL_TRAINING_RUBRICS)[0] as [string, readonly string[]];
      const created = await create(clinicalTraining, {
        ...validValues(clinicalTraining, w.refs),
        trainingType: type,
      });
      const id = idOf(created);
      const short = await post(
        t.app,
        `/api/v1/records/${id}/verification`,
        { status: 'approved', remark: 'ok', rubric: [4, 4] },
        { cookie: faculty() },
      );
      expect(short.statusCode).toBe(400);
      const scaleOnly = await post(
        t.app,
        `/api/v1/records/${id}/verification`,
        { status: 'approved', remark: 'ok', score: 4 },
        { cookie: faculty() },
      );
      expect(scaleOnly.statusCode).toBe(400);
      const rubric = rows.map((_, i) => (i === 0 ? 2 : 3));
      const verified = await post(
        t.app,
        `/api/v1/records/${id}/verification`,
        { status: 'approved', remark: 'ok', rubric },
        { cookie: faculty() },
      );
      expect(verified.statusCode, verified.body).toBe(200);
      const score = (verified.json.record as { score: { value: number; rows: Json[] } }).score;
      const expected = Math.round((rubric.reduce((a, b) => a + b, 0) / rubric.length) * 100) / 100;
      expect(score.value).toBe(expected);
      expect(score.rows).toHaveLength(rows.length);
      expect(score.rows[0]).toEqual({ title: rows[0], value: 2 });
    });

    it('never lets staff verify their own record', async () => {
      const id = await createRecordRow(t.db, {
        kind: 'teaching',
        studentId: w.actors.faculty.id,
        placement: w.medicine,
      });
      const response = await post(
        t.app,
        `/api/v1/records/${id}/verification`,
        { status: 'approved', remark: 'Me', score: 4 },
        { cookie: faculty() },
      );
      expect(response.statusCode).toBe(403);
      expect(response.json.message).toBe(RECORD_MESSAGES.ownRecord);
      expect((await recordRow(t.db, id))?.status).toBe('pending');
    });

    it('bulk verification: 500 records in one transaction, with history, audit and one note per student', async () => {
      const students = await Promise.all(
        Array.from({ length: 5 }, () => createUser(t.db, { placement: w.medicine })),
      );
      const ids = await createRecordRows(
        t.db,
        Array.from({ length: 500 }, (_, i) => ({
          kind: i % 3 === 0 ? 'leave' : 'teaching',
          studentId: students[i % 5]?.id as string,
          placement: w.medicine,
          summary: `Bulk ${i}`,
        })),
      );
      const started = performance.now();
      const response = await post(
        t.app,
        '/api/v1/records/bulk-verification',
        { recordIds: ids, status: 'approved', remark: 'Bulk approved', score: 3 },
        { cookie: faculty() },
      );
      const elapsed = performance.now() - started;
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json).toEqual({ message: RECORD_MESSAGES.bulkVerified(500), updatedCount: 500 });
      console.info(`bulk verification of 500 records (${t.kind}): ${elapsed.toFixed(0)} ms`);

      const stored = await t.db.select().from(records).where(inArray(records.id, ids));
      expect(stored.every((r) => r.status === 'approved' && r.verifiedById === w.actors.faculty.id)).toBe(
        true,
      );
      expect(stored.find((r) => r.kind === 'leave')?.score).toEqual({ value: 0, label: 'Not scored' });
      expect(stored.find((r) => r.kind === 'teaching')?.score).toEqual({ value: 3, label: 'Good' });
      const [history] = await t.db
        .select({ n: count() })
        .from(recordScores)
        .where(inArray(recordScores.recordId, ids));
      expect(history?.n).toBe(500);
      const told = await t.db
        .select()
        .from(notifications)
        .where(
          inArray(
            notifications.toId,
            students.map((s) => s.id),
          ),
        );
      // One per student and kind (teaching and leave).
      expect(told).toHaveLength(10);
      expect(told.some((n) => n.description.includes('entries'))).toBe(true);
      const audit = await auditRowsFor(t.db, 'record', ids[0] as string);
      expect(audit.map((a) => a.action)).toEqual(['record.approve']);
      expect(audit[0]).toMatchObject({
        actorId: w.actors.faculty.id,
        collegeId: w.medicine.college.id,
        before: { id: ids[0], status: 'pending', score: null, verifiedById: null },
        after: {
          id: ids[0],
          status: 'approved',
          verifierRemark: 'Bulk approved',
          verifiedById: w.actors.faculty.id,
          verifiedAt: expect.any(String),
        },
      });
    });

    it('bulk verification changes nothing when one record is not pending, out of scope or cannot be scored', async () => {
      const pending = await createRecordRows(t.db, [
        { kind: 'teaching', studentId: w.actors.student.id, placement: w.medicine },
        { kind: 'teaching', studentId: w.actors.otherStudent.id, placement: w.medicine },
      ]);
      const approved = await createRecordRow(t.db, {
        kind: 'teaching',
        studentId: w.actors.student.id,
        placement: w.medicine,
        status: 'approved',
        verifiedAt: new Date(),
      });
      const surgery = await createRecordRow(t.db, {
        kind: 'teaching',
        studentId: w.surgeryStudent.id,
        placement: w.surgery,
      });
      const thesis = await createRecordRow(t.db, {
        kind: 'thesis-review',
        studentId: w.actors.student.id,
        placement: w.medicine,
      });
      const body = { status: 'rejected', remark: 'No', score: 0 };
      const attempts: Array<[string[], number]> = [
        [[...pending, approved], 409],
        [[...pending, surgery], 404],
        [[...pending, '00000000-0000-4000-8000-000000000000'], 404],
        // Thesis reviews have no 0 step.
        [[...pending, thesis], 400],
        [[], 400],
      ];
      for (const [recordIds, status] of attempts) {
        const response = await post(
          t.app,
          '/api/v1/records/bulk-verification',
          { ...body, recordIds },
          {
            cookie: faculty(),
          },
        );
        expect(response.statusCode, response.body).toBe(status);
      }
      const rows = await t.db
        .select()
        .from(records)
        .where(inArray(records.id, [...pending, thesis, surgery]));
      expect(rows.every((r) => r.status === 'pending')).toBe(true);
      const [history] = await t.db
        .select({ n: count() })
        .from(recordScores)
        .where(inArray(recordScores.recordId, [...pending, thesis, surgery]));
      expect(history?.n).toBe(0);
      const empty = await post(
        t.app,
        '/api/v1/records/bulk-verification',
        { ...body, recordIds: [] },
        {
          cookie: faculty(),
        },
      );
      expect(empty.json.message).toBe(RECORD_MESSAGES.selectRecords);
    });
  });
});
