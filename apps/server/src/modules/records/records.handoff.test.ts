import { findKind } from '@pgel/shared/records/kinds';
import type { RecordKind } from '@pgel/shared/records/types';
import type { VerificationMailMode } from '@pgel/shared/schemas/profile';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notifications, users } from '../../db/schema/index';
import { createRecordRows, createUser, del, post, type TestApp } from '../../test/helpers';
import {
  needsFile,
  type RecordsWorld,
  recordBody,
  uploadDocument,
  validValues,
  verifyInputFor,
  withRecordsWorld,
} from '../../test/records-world';

type Json = Record<string, unknown>;

function kindOf(id: string): RecordKind {
  const kind = findKind(id);
  if (!kind) throw new Error(`no kind ${id}`);
  return kind;
}

/** Issue 10: every hand-off of an entry tells whoever acts next, in the app and by e-mail. */
describe('records: who hears of a hand-off', () => {
  let t: TestApp;
  let w: RecordsWorld;

  withRecordsWorld((app, world) => {
    t = app;
    w = world;
  });
  beforeAll(async () => {
    // Entries are added once the HOD has approved the student.
    await t.db.update(users).set({ verifyByHod: true }).where(eq(users.id, w.actors.student.id));
  });

  async function setMode(userId: string, mode: VerificationMailMode) {
    await t.db.update(users).set({ verificationMail: mode }).where(eq(users.id, userId));
  }
  async function submit(kind: RecordKind): Promise<{ id: string; values: Json }> {
    const fileId = needsFile(kind) ? await uploadDocument(t, w.actors.student.cookie) : undefined;
    const values = validValues(kind, w.refs, fileId);
    const response = await post(t.app, '/api/v1/records', recordBody(kind, values), {
      cookie: w.actors.student.cookie,
    });
    expect(response.statusCode, response.body).toBe(201);
    return { id: (response.json.record as { id: string }).id, values };
  }
  const mailTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  const mailsLinking = async (to: string, recordId: string) =>
    (await mailTo(to)).filter((m) => m.text.includes(recordId));
  const notesAbout = (toIds: string[], url: string) =>
    t.db
      .select()
      .from(notifications)
      .where(
        and(
          inArray(notifications.toId, toIds),
          eq(notifications.url, url),
          eq(notifications.fromId, w.actors.student.id),
        ),
      );

  describe('a student submits', () => {
    it('the named teacher who chose one mail per entry gets it: kind, date, link, no patient data', async () => {
      await setMode(w.actors.faculty.id, 'each');
      try {
        const clinicalCase = kindOf('clinical-case');
        const { id, values } = await submit(clinicalCase);
        const [mail, ...others] = await mailsLinking(w.actors.faculty.email, id);
        expect(others).toHaveLength(0);
        expect(mail?.subject).toBe('New Clinical Cases entry to verify');
        expect(mail?.transactional).toBe(false);
        // The link opens the entry's verification at once (issue 30).
        expect(mail?.text).toContain(`http://app.test/task/clinical-case?record=${id}&verify=1\n`);
        expect(mail?.text).toContain(w.actors.student.name);
        const [y, m, d] = String(values.date).split('-');
        expect(mail?.text).toContain(`Date: ${d}-${m}-${y}`);
        // The patient's name and contact, the diagnosis: none of it leaves in mail.
        for (const field of [
          'name',
          'contactNumber',
          'address',
          'provisionalDiagnosis',
          'presentingComplaints',
        ]) {
          const value = values[field];
          const text = Array.isArray(value) ? value.join(' ') : String(value);
          expect(text.length).toBeGreaterThan(3);
          expect(mail?.text).not.toContain(text);
        }
        // The notice opens the entry itself (issue 28).
        expect(await notesAbout([w.actors.faculty.id], `/task/clinical-case?record=${id}`)).toHaveLength(1);
      } finally {
        await setMode(w.actors.faculty.id, 'digest');
      }
    });

    it('a named teacher on the daily digest (the default) is told in the app only', async () => {
      const teaching = kindOf('teaching');
      const { id } = await submit(teaching);
      expect(await mailsLinking(w.actors.faculty.email, id)).toHaveLength(0);
      expect(await notesAbout([w.actors.faculty.id], `/task/teaching?record=${id}`)).toHaveLength(1);
    });

    it.each(['conference', 'speciality-posting', 'extra-curricular', 'leave'])(
      '%s (no teacher named): each faculty member of the department hears of it',
      async (kindId) => {
        const kind = kindOf(kindId);
        await setMode(w.actors.hod.id, 'each');
        try {
          const { id } = await submit(kind);
          const url = `/task/${kind.id}?record=${id}`;
          const told = await notesAbout(
            [
              w.actors.faculty.id,
              w.actors.hod.id,
              w.actors.admin.id,
              w.actors.master.id,
              w.actors.facultyOtherDepartment.id,
            ],
            url,
          );
          const toldIds = told.filter((n) => n.description.includes(kind.menuTitle)).map((n) => n.toId);
          expect(toldIds.sort()).toEqual([w.actors.faculty.id, w.actors.hod.id].sort());
          // The HOD chose one mail per entry; the professor waits for the digest.
          const [mail] = await mailsLinking(w.actors.hod.email, id);
          expect(mail?.subject).toBe(`New ${kind.menuTitle} entry to verify`);
          expect(mail?.text).toContain('for verification by your department');
          expect(await mailsLinking(w.actors.faculty.email, id)).toHaveLength(0);
          expect(await mailsLinking(w.actors.admin.email, id)).toHaveLength(0);
          expect(await mailsLinking(w.actors.facultyOtherDepartment.email, id)).toHaveLength(0);
        } finally {
          await setMode(w.actors.hod.id, 'digest');
        }
      },
    );
  });

  describe('faculty verify', () => {
    it('approving one entry mails the student its kind, date and link, not the feedback', async () => {
      const teaching = kindOf('teaching');
      const { id, values } = await submit(teaching);
      const remark = 'Patient Ramesh Kumar, IPD 4455: well presented';
      const response = await post(
        t.app,
        `/api/v1/records/${id}/verification`,
        { status: 'approved', remark, ...verifyInputFor(teaching, values) },
        { cookie: w.actors.faculty.cookie },
      );
      expect(response.statusCode, response.body).toBe(200);
      const [mail, ...others] = await mailsLinking(w.actors.student.email, id);
      expect(others).toHaveLength(0);
      expect(mail?.subject).toBe('Your Teaching Experience entry was approved');
      expect(mail?.text).toContain(`${w.actors.faculty.name} has approved your entry:`);
      expect(mail?.text).toContain(`http://app.test/task/teaching?record=${id}\n`);
      expect(mail?.text).not.toContain('verify=1');
      expect(mail?.text).not.toContain('Ramesh');
      expect(mail?.text).not.toContain('4455');
    });

    it('rejecting tells the student too', async () => {
      const leave = kindOf('leave');
      const { id, values } = await submit(leave);
      const response = await post(
        t.app,
        `/api/v1/records/${id}/verification`,
        { status: 'rejected', remark: 'Dates overlap', ...verifyInputFor(leave, values) },
        { cookie: w.actors.hod.cookie },
      );
      expect(response.statusCode, response.body).toBe(200);
      const [mail] = await mailsLinking(w.actors.student.email, id);
      expect(mail?.subject).toBe('Your Leave Records entry was rejected');
    });

    it('a bulk verification sends each student one mail listing their entries', async () => {
      const first = await createUser(t.db, { placement: w.medicine });
      const second = await createUser(t.db, { placement: w.medicine });
      const rows = [
        { kind: 'teaching', studentId: first.id, placement: w.medicine, date: '2026-11-02' },
        { kind: 'teaching', studentId: first.id, placement: w.medicine, date: '2026-11-03' },
        { kind: 'leave', studentId: first.id, placement: w.medicine, date: '2026-11-04' },
        { kind: 'teaching', studentId: second.id, placement: w.medicine, date: '2026-11-05' },
      ];
      const ids = await createRecordRows(t.db, rows);
      const response = await post(
        t.app,
        '/api/v1/records/bulk-verification',
        { recordIds: ids, status: 'approved', remark: 'Bulk approved', score: 3 },
        { cookie: w.actors.faculty.cookie },
      );
      expect(response.statusCode, response.body).toBe(200);

      const toFirst = await mailTo(first.email);
      expect(toFirst).toHaveLength(1);
      expect(toFirst[0]?.subject).toBe('3 of your entries were approved');
      for (const id of ids.slice(0, 3)) expect(toFirst[0]?.text).toContain(`?record=${id}`);
      expect(toFirst[0]?.text).toContain('- Leave Records, 04-11-2026: http://app.test/task/leave?record=');
      expect(toFirst[0]?.text).not.toContain(ids[3] as string);
      const toSecond = await mailTo(second.email);
      expect(toSecond).toHaveLength(1);
      expect(toSecond[0]?.subject).toBe('Your Teaching Experience entry was approved');
    });
  });
  describe('notices lead to the entry and are read once it is handled (issue 28)', () => {
    const notesOn = (subjectId: string) =>
      t.db.select().from(notifications).where(eq(notifications.subjectId, subjectId));

    it("verifying an entry marks every verifier's notice of it read; the student's opens the entry", async () => {
      const leave = kindOf('leave');
      const { id, values } = await submit(leave);
      const asked = await notesOn(id);
      expect(asked.map((n) => n.toId).sort()).toEqual([w.actors.faculty.id, w.actors.hod.id].sort());
      for (const note of asked) expect(note).toMatchObject({ url: `/task/leave?record=${id}`, readAt: null });

      const response = await post(
        t.app,
        `/api/v1/records/${id}/verification`,
        { status: 'approved', remark: 'Fine', ...verifyInputFor(leave, values) },
        { cookie: w.actors.faculty.cookie },
      );
      expect(response.statusCode, response.body).toBe(200);
      const after = await notesOn(id);
      // The HOD never opened theirs: the faculty member's verification handled it.
      for (const note of after.filter((n) => n.toId !== w.actors.student.id)) {
        expect(note.readAt).toBeInstanceOf(Date);
      }
      const toStudent = after.filter((n) => n.toId === w.actors.student.id);
      expect(toStudent).toHaveLength(1);
      expect(toStudent[0]).toMatchObject({ url: `/task/leave?record=${id}`, readAt: null });
    });

    it("deleting an unverified entry marks the verifiers' notices of it read", async () => {
      const { id } = await submit(kindOf('leave'));
      expect((await notesOn(id)).filter((n) => n.readAt === null)).toHaveLength(2);
      const response = await del(t.app, `/api/v1/records/${id}`, { cookie: w.actors.student.cookie });
      expect(response.statusCode, response.body).toBe(200);
      const after = await notesOn(id);
      expect(after).toHaveLength(2);
      for (const note of after) expect(note.readAt).toBeInstanceOf(Date);
    });

    it("a synopsis upload's notice opens the student's thesis page, naming the student", async () => {
      const title = await post(
        t.app,
        '/api/v1/theses/synopsis/title',
        { title: 'Serum magnesium in sepsis' },
        { cookie: w.actors.student.cookie },
      );
      expect(title.statusCode, title.body).toBe(201);
      const { id } = await submit(kindOf('synopsis-upload'));
      const notes = await notesOn(id);
      expect(notes.map((n) => n.toId).sort()).toEqual([w.actors.faculty.id, w.actors.hod.id].sort());
      // Not the bare '/synopsis', which asks staff to select a student first.
      for (const note of notes) expect(note.url).toBe(`/synopsis?student=${w.actors.student.id}`);
    });
  });
});
