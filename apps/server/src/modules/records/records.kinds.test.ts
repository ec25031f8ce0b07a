import { isVerifiedByDepartment } from '@pgel/shared/auth/policies';
import { FORENSIC_DEPARTMENT_NAME } from '@pgel/shared/navigation';
import { initialsOf } from '@pgel/shared/privacy/masking';
import { RECORD_MESSAGES } from '@pgel/shared/records/api';
import { RECORD_KINDS } from '@pgel/shared/records/kinds';
import type { FieldDef, RecordKind } from '@pgel/shared/records/types';
import { todayIso } from '@pgel/shared/schemas/dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, theses } from '../../db/schema/index';
import { addPosting, createCoordinator, dayFromToday } from '../../test/drp-records-world';
import { auditRowsFor, buildTestApp, del, get, post, recordRow, type TestApp } from '../../test/helpers';
import {
  ageHistory,
  createRecordsWorld,
  freeChecklistParticular,
  needsFile,
  type RecordActor,
  type RecordsWorld,
  recordBody,
  uploadDocument,
  validValues,
  verifyInputFor,
} from '../../test/records-world';
import { entryUrl } from './records.notify';

/** The message a missing required field gives (the registry's rule). */
function missingMessage(kind: RecordKind, field: FieldDef): string {
  return field.input === 'text-list'
    ? RECORD_MESSAGES.requiredLabel(field.itemLabel)
    : kind.requiredMessage(field.label);
}

const requiredFields = (kind: RecordKind) => kind.fields.filter((f) => f.required && f.input !== 'computed');

describe('records: every kind of the registry', () => {
  let t: TestApp;
  let w: RecordsWorld;
  /** The forensic kinds are kept in Forensic Medicine: the same world, in that department. */
  let forensic: RecordsWorld;
  /** Verifies the DRP kinds of both worlds' students (their postings cover today). */
  let coordinator: RecordActor;

  beforeAll(async () => {
    t = await buildTestApp();
    // Medicine is named by the restricted clinical training setting's default so every option is valid.
    w = await createRecordsWorld(t);
    // Review uploads belong to a synopsis or thesis whose title is written (issue 11).
    for (const stage of ['synopsis', 'thesis']) {
      await t.db.insert(theses).values({
        stage,
        studentId: w.actors.student.id,
        collegeId: w.medicine.college.id,
        departmentId: w.medicine.department.id,
        title: `A study of ${stage}s`,
      });
    }
    forensic = await createRecordsWorld(t, { medicineName: FORENSIC_DEPARTMENT_NAME });
    // DRP records belong to the student's posting (issue 12).
    coordinator = await createCoordinator(t, `Dr. ${w.tag} Coordinator`);
    for (const world of [w, forensic]) {
      await addPosting(t.db, {
        student: world.actors.student,
        placement: world.medicine,
        coordinator,
        from: dayFromToday(-10),
        to: dayFromToday(80),
      });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const worldOf = (kind: RecordKind) => (kind.department === 'forensic' ? forensic : w);
  // The kind's student and verifier: the department's faculty, or the coordinator for a kind only they verify.
  let student = () => w.actors.student.cookie;
  let verifier = () => w.actors.faculty;
  const faculty = () => verifier().cookie;

  async function valuesFor(kind: RecordKind) {
    const fileId = needsFile(kind) ? await uploadDocument(t, student()) : undefined;
    const world = worldOf(kind);
    const values = validValues(kind, world.refs, fileId);
    if (kind.id === 'checklist')
      values.particular = await freeChecklistParticular(t.db, world.actors.student.id);
    return values;
  }

  async function create(kind: RecordKind, values: Record<string, unknown>) {
    return post(t.app, '/api/v1/records', recordBody(kind, values), { cookie: student() });
  }

  it('covers the sixteen kinds of issue 5', () => {
    expect(RECORD_KINDS.length).toBeGreaterThanOrEqual(1);
    expect(new Set(RECORD_KINDS.map((k) => k.id)).size).toBe(RECORD_KINDS.length);
  });

  describe.each(RECORD_KINDS.map((kind) => [kind.id, kind] as const))('%s', (_id, kind) => {
    beforeAll(() => {
      student = () => worldOf(kind).actors.student.cookie;
      verifier = () => (isVerifiedByDepartment(kind) ? worldOf(kind).actors.faculty : coordinator);
    });
    it('a valid entry is created Pending, with its success message, and lists without sensitive fields', async () => {
      const values = await valuesFor(kind);
      const response = await create(kind, values);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json.message).toBe(kind.successMessage);
      const record = response.json.record as Record<string, unknown> & { details: Record<string, unknown> };
      expect(record).toMatchObject({
        kind: kind.id,
        status: 'pending',
        studentId: worldOf(kind).actors.student.id,
        verifierRemark: null,
        score: null,
        verifiedAt: null,
        canDelete: true,
        canVerify: false,
      });
      for (const field of kind.fields) {
        const value = values[field.name];
        if (field.name === 'date') expect(record.date).toBe(value);
        else if (field.name === 'teacherId') expect(record.teacherId).toBe(value ?? null);
        else if (field.name === 'studentRemark') expect(record.studentRemark).toBe(value);
        else if (field.name === 'certificateFileId')
          expect((record.certificate as { id: string } | null)?.id).toBe(value);
        else if (field.input === 'remote-select')
          expect(record.details[field.name]).toMatchObject({ id: value });
        else if (field.input === 'computed') expect(typeof record.details[field.name]).toBe('number');
        else if (value !== undefined) expect(record.details[field.name]).toEqual(value);
      }
      // A review upload (and a DRP logbook upload) is dated the day it arrives.
      const arrives = kind.thesisStage !== undefined || kind.datedOnArrival === true;
      expect(record.date).toBe(arrives ? todayIso() : (values[kind.dateField] ?? null));

      const list = await get(t.app, `/api/v1/records?kind=${kind.id}&pageSize=20`, { cookie: student() });
      expect(list.statusCode).toBe(200);
      const item = (list.json.items as Array<{ id: string; details: Record<string, unknown> }>).find(
        (i) => i.id === record.id,
      );
      expect(item).toBeDefined();
      for (const field of kind.fields.filter((f) => f.sensitive || f.patientName)) {
        // The forensic lists show the deceased's initials to the owning student (issues 12, 15),
        // a procedure's list the patient's initials: never a patient's full name in a list.
        if (field.patientName && (kind.sensitiveInList || !field.sensitive)) {
          expect(item?.details[field.name]).toEqual(initialsOf(String(values[field.name])));
          expect(list.body).not.toContain(String(values[field.name]));
        } else {
          expect(item?.details).not.toHaveProperty(field.name);
          expect(list.body).not.toContain(String(values[field.name]));
        }
        expect(record.details[field.name]).toEqual(values[field.name]);
      }
      const stored = await recordRow(t.db, record.id as string);
      expect(stored?.status).toBe('pending');
      expect((await auditRowsFor(t.db, 'record', record.id as string)).map((a) => a.action)).toEqual([
        'record.create',
      ]);
    });

    it.each(requiredFields(kind).map((field) => [field.name, field] as const))(
      'missing %s gives its message and field error',
      async (_name, field) => {
        const values = await valuesFor(kind);
        delete values[field.name];
        const response = await create(kind, values);
        expect(response.statusCode, response.body).toBe(400);
        const message = missingMessage(kind, field);
        // A kind that names every empty field in one line says so (publications, issue 28).
        expect(response.json.message).toBe(kind.missingSummary?.([field.label]) ?? message);
        expect(response.json.fieldErrors).toEqual({ [field.name]: message });
      },
    );

    it('faculty verify it with the kind scoring; the history keeps it; the student is told; it cannot be deleted', async () => {
      const values = await valuesFor(kind);
      const created = await create(kind, values);
      expect(created.statusCode, created.body).toBe(201);
      const id = (created.json.record as { id: string }).id;

      if (kind.scoring.type !== 'none') {
        const missing = await post(
          t.app,
          `/api/v1/records/${id}/verification`,
          { status: 'approved', remark: 'Good work' },
          { cookie: faculty() },
        );
        expect(missing.statusCode).toBe(400);
        expect(missing.json.message).toBe(kind.verifyMessages?.required ?? RECORD_MESSAGES.verifyAllFields);
      }
      const noRemark = await post(
        t.app,
        `/api/v1/records/${id}/verification`,
        { status: 'approved', remark: '  ', ...verifyInputFor(kind, values) },
        { cookie: faculty() },
      );
      expect(noRemark.statusCode).toBe(400);
      expect(noRemark.json.message).toBe(RECORD_MESSAGES.verifyAllFields);

      const verified = await post(
        t.app,
        `/api/v1/records/${id}/verification`,
        { status: 'approved', remark: 'Good work', ...verifyInputFor(kind, values) },
        { cookie: faculty() },
      );
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json.message).toBe(RECORD_MESSAGES.verified);
      const record = verified.json.record as Record<string, unknown> & {
        score: { value: number; label: string };
      };
      expect(record).toMatchObject({
        status: 'approved',
        verifierRemark: 'Good work',
        verifiedByName: verifier().name,
      });
      expect(record.verifiedAt).toEqual(expect.any(String));
      if (kind.scoring.type === 'none') expect(record.score.value).toBe(0);
      else expect(record.score).toMatchObject({ value: expect.any(Number), label: expect.any(String) });

      const history = await get(t.app, `/api/v1/records/${id}/scores`, { cookie: student() });
      expect(history.statusCode).toBe(200);
      expect(history.json.items).toEqual([
        {
          event: 'verification',
          status: 'approved',
          score: record.score,
          remark: 'Good work',
          // Kinds that log the resident's role: confirmed as logged (issue 27).
          confirmedRole: kind.role ? values[kind.role.field] : null,
          byName: verifier().name,
          at: expect.any(String),
        },
      ]);

      const told = await t.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.toId, worldOf(kind).actors.student.id),
            // The notice opens the entry itself (issue 28).
            eq(notifications.url, entryUrl(kind, { id, studentId: worldOf(kind).actors.student.id })),
          ),
        );
      expect(told.some((n) => n.fromId === verifier().id)).toBe(true);

      const deleted = await del(t.app, `/api/v1/records/${id}`, { cookie: student() });
      expect(deleted.statusCode).toBe(409);
      expect(deleted.json.message).toBe(RECORD_MESSAGES.alreadyVerified);
      expect((await recordRow(t.db, id))?.deletedAt).toBeNull();

      const again = await post(
        t.app,
        `/api/v1/records/${id}/verification`,
        { status: 'rejected', remark: 'Changed my mind', ...verifyInputFor(kind, values) },
        { cookie: faculty() },
      );
      expect(again.statusCode).toBe(409);
    });

    it('reset returns it to Pending and keeps both history rows, newest first', async () => {
      const values = await valuesFor(kind);
      const created = await create(kind, values);
      const id = (created.json.record as { id: string }).id;
      // Review uploads are only approved.
      const verdict = kind.verdicts?.[0] ?? 'rejected';
      const verified = await post(
        t.app,
        `/api/v1/records/${id}/verification`,
        { status: verdict, remark: 'Redo it', ...verifyInputFor(kind, values) },
        { cookie: faculty() },
      );
      expect(verified.statusCode, verified.body).toBe(200);
      await ageHistory(t.db, id);
      const reset = await post(
        t.app,
        `/api/v1/records/${id}/reset`,
        { reason: 'Reviewed again on request' },
        { cookie: faculty() },
      );
      expect(reset.statusCode).toBe(200);
      expect(reset.json.message).toBe(RECORD_MESSAGES.reset);
      expect(await recordRow(t.db, id)).toMatchObject({
        status: 'pending',
        verifierRemark: null,
        score: null,
        verifiedById: null,
        verifiedAt: null,
      });
      const history = await get(t.app, `/api/v1/records/${id}/scores`, { cookie: faculty() });
      expect(
        (history.json.items as Array<{ event: string; status: string; remark: string }>).map((i) => [
          i.event,
          i.status,
          i.remark,
        ]),
      ).toEqual([
        ['reset', 'pending', 'Reviewed again on request'],
        ['verification', verdict, 'Redo it'],
      ]);
      expect((await auditRowsFor(t.db, 'record', id)).map((a) => a.action)).toEqual([
        'record.create',
        verdict === 'approved' ? 'record.approve' : 'record.reject',
        'record.reset',
      ]);
    });

    it('the student deletes it while never verified; it leaves the list and an audit row', async () => {
      const values = await valuesFor(kind);
      const created = await create(kind, values);
      const id = (created.json.record as { id: string }).id;
      const deleted = await del(t.app, `/api/v1/records/${id}`, { cookie: student() });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json.message).toBe(RECORD_MESSAGES.deleted);
      expect((await recordRow(t.db, id))?.deletedAt).toBeInstanceOf(Date);
      const list = await get(t.app, `/api/v1/records?kind=${kind.id}&pageSize=20`, { cookie: student() });
      expect((list.json.items as Array<{ id: string }>).map((i) => i.id)).not.toContain(id);
      expect((await get(t.app, `/api/v1/records/${id}`, { cookie: student() })).statusCode).toBe(404);
      const audit = await auditRowsFor(t.db, 'record', id);
      expect(audit.map((a) => a.action)).toEqual(['record.create', 'record.delete']);
      expect(audit[1]?.actorId).toBe(worldOf(kind).actors.student.id);
    });
  });
});
