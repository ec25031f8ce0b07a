import { RECORD_MESSAGES } from '@pgel/shared/records/api';
import { CHECKLIST_PARTICULARS } from '@pgel/shared/records/dashboard';
import { checklist, teaching } from '@pgel/shared/records/kinds';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, records } from '../../db/schema/index';
import {
  createRecordRow,
  createRecordRows,
  createUser,
  del,
  freshIp,
  get,
  login,
  post,
  recordRow,
  type TestApp,
} from '../../test/helpers';
import {
  type RecordsWorld,
  recordBody,
  uploadDocument,
  validValues,
  verifyInputFor,
  withRecordsWorld,
} from '../../test/records-world';

type Item = { id: string; title: string };
type Counts = { kind: string; total: number; approved: number; pending: number; rejected: number };

/** The rules of issue 10 the records engine enforces on the server. */
describe('records: rules the server enforces (issue 10)', () => {
  let t: TestApp;
  let w: RecordsWorld;

  withRecordsWorld((app, world) => {
    t = app;
    w = world;
  });

  /** A new student of Medicine, signed in; approved by the department or not. */
  async function newStudent(approved: boolean, label: string) {
    const user = await createUser(t.db, {
      placement: w.medicine,
      name: `Dr. ${w.tag} ${label}`,
      verifyByHod: approved,
      // Paid either way: these tests are about the department's approval.
      paid: true,
    });
    const cookie = await login(t.app, user.email, user.password, 'student', { remoteAddress: freshIp() });
    return { ...user, cookie };
  }

  const liveRecordsOf = (studentId: string) =>
    t.db
      .select()
      .from(records)
      .where(and(eq(records.studentId, studentId), isNull(records.deletedAt)));

  describe('a student not yet approved by the department writes nothing', () => {
    it('is told why on create, and no entry or notice reaches the teacher; approved, the same entry goes in', async () => {
      const s = await newStudent(false, 'Awaiting');
      const me = await get(t.app, '/api/v1/auth/me', { cookie: s.cookie });
      expect((me.json.user as { verifyByHod: boolean }).verifyByHod).toBe(false);

      const body = recordBody(teaching, validValues(teaching, w.refs));
      const refused = await post(t.app, '/api/v1/records', body, { cookie: s.cookie });
      expect(refused.statusCode).toBe(403);
      expect(refused.json.message).toBe(RECORD_MESSAGES.awaitingApproval);
      expect(await liveRecordsOf(s.id)).toHaveLength(0);
      const told = await t.db.select().from(notifications).where(eq(notifications.fromId, s.id));
      expect(told).toHaveLength(0);

      const approve = await post(
        t.app,
        `/api/v1/students/${s.id}/verification`,
        { verifyByHod: true },
        { cookie: w.actors.hod.cookie },
      );
      expect(approve.statusCode, approve.body).toBe(200);
      const accepted = await post(t.app, '/api/v1/records', body, { cookie: s.cookie });
      expect(accepted.statusCode, accepted.body).toBe(201);
      expect(await liveRecordsOf(s.id)).toHaveLength(1);
    });

    it('cannot delete an entry either (one made before, or while approved), nor add to the checklist', async () => {
      const s = await newStudent(false, 'Unapproved Again');
      const id = await createRecordRow(t.db, { kind: 'teaching', studentId: s.id, placement: w.medicine });
      const deleted = await del(t.app, `/api/v1/records/${id}`, { cookie: s.cookie });
      expect(deleted.statusCode).toBe(403);
      expect(deleted.json.message).toBe(RECORD_MESSAGES.awaitingApproval);
      expect((await recordRow(t.db, id))?.deletedAt).toBeNull();

      const fileId = await uploadDocument(t, s.cookie);
      const item = await post(
        t.app,
        '/api/v1/records',
        recordBody(checklist, validValues(checklist, w.refs, fileId)),
        { cookie: s.cookie },
      );
      expect(item.statusCode).toBe(403);
      expect(item.json.message).toBe(RECORD_MESSAGES.awaitingApproval);
      expect(await liveRecordsOf(s.id)).toHaveLength(1);
    });
  });

  describe('one checklist entry per particular', () => {
    async function addParticular(cookie: string, particular: string) {
      const fileId = await uploadDocument(t, cookie);
      const values = { ...validValues(checklist, w.refs, fileId), particular };
      return post(t.app, '/api/v1/records', recordBody(checklist, values), { cookie });
    }

    it('refuses the same particular while the first stands (409), and takes it again once rejected', async () => {
      const s = await newStudent(true, 'Checklist');
      const first = await addParticular(s.cookie, 'GCP');
      expect(first.statusCode, first.body).toBe(201);
      const again = await addParticular(s.cookie, 'GCP');
      expect(again.statusCode).toBe(409);
      expect(again.json.message).toBe(RECORD_MESSAGES.particularTaken('GCP'));
      expect(await liveRecordsOf(s.id)).toHaveLength(1);

      // Approved, it still stands.
      const id = (first.json.record as { id: string }).id;
      const verdict = (status: 'approved' | 'rejected') =>
        post(
          t.app,
          `/api/v1/records/${id}/verification`,
          { status, remark: 'Seen', ...verifyInputFor(checklist, {}) },
          { cookie: w.actors.faculty.cookie },
        );
      expect((await verdict('rejected')).statusCode).toBe(200);
      const replacement = await addParticular(s.cookie, 'GCP');
      expect(replacement.statusCode, replacement.body).toBe(201);
      expect((await addParticular(s.cookie, 'GCP')).statusCode).toBe(409);

      // Another particular is free, and another student's GCP is theirs.
      expect((await addParticular(s.cookie, 'BLS & ACLS')).statusCode).toBe(201);
      const other = await newStudent(true, 'Checklist Two');
      expect((await addParticular(other.cookie, 'GCP')).statusCode).toBe(201);
    });

    it('lets only one of two requests at once through', async () => {
      const s = await newStudent(true, 'Double Click');
      const [a, b] = await Promise.all([
        addParticular(s.cookie, 'PG Induction'),
        addParticular(s.cookie, 'PG Induction'),
      ]);
      expect([a?.statusCode, b?.statusCode].sort()).toEqual([201, 409]);
      expect(await liveRecordsOf(s.id)).toHaveLength(1);
    });

    it('counts particulars on the dashboard, never more than 8, even with duplicates stored earlier', async () => {
      const s = await newStudent(true, 'Counted');
      await createRecordRows(t.db, [
        ...CHECKLIST_PARTICULARS.map((particular) => ({
          kind: 'checklist',
          studentId: s.id,
          placement: w.medicine,
          status: 'approved' as const,
          details: { particular },
        })),
        // Stored before the rule: a second GCP and a rejected BLS & ACLS.
        { kind: 'checklist', studentId: s.id, placement: w.medicine, details: { particular: 'GCP' } },
        {
          kind: 'checklist',
          studentId: s.id,
          placement: w.medicine,
          status: 'rejected' as const,
          details: { particular: 'BLS & ACLS' },
        },
      ]);
      const counts = await get(t.app, '/api/v1/records/counts', { cookie: s.cookie });
      const items = counts.json.items as Counts[];
      expect(items.find((i) => i.kind === 'checklist')).toEqual({
        kind: 'checklist',
        total: 8,
        approved: 8,
        pending: 0,
        rejected: 0,
      });

      // A rejected particular and its pending replacement are one particular, pending.
      const r = await newStudent(true, 'Replaced');
      await createRecordRows(t.db, [
        {
          kind: 'checklist',
          studentId: r.id,
          placement: w.medicine,
          status: 'rejected',
          details: { particular: 'GCP' },
        },
        { kind: 'checklist', studentId: r.id, placement: w.medicine, details: { particular: 'GCP' } },
      ]);
      const replaced = await get(t.app, '/api/v1/records/counts', { cookie: r.cookie });
      expect((replaced.json.items as Counts[]).find((i) => i.kind === 'checklist')).toEqual({
        kind: 'checklist',
        total: 1,
        approved: 0,
        pending: 1,
        rejected: 0,
      });
    });
  });

  describe('Guiding Faculty are staff who can sign in', () => {
    it('offers neither unverified, blocked nor deleted staff, and refuses an entry naming one', async () => {
      const staff = async (
        label: string,
        options: { verified?: boolean; blocked?: boolean; deleted?: boolean },
      ) =>
        createUser(t.db, {
          placement: w.medicine,
          role: 'professor',
          name: `Dr. ${w.tag} ${label}`,
          ...options,
        });
      const unopened = await staff('Unopened', { verified: false });
      const blocked = await staff('Blocked', { blocked: true });
      const deleted = await staff('Deleted', { deleted: true });

      const options = await get(t.app, '/api/v1/records/options/teachers', {
        cookie: w.actors.student.cookie,
      });
      expect(options.statusCode).toBe(200);
      const ids = (options.json.items as Item[]).map((item) => item.id);
      expect(ids).toContain(w.actors.faculty.id);
      for (const gone of [unopened, blocked, deleted]) expect(ids).not.toContain(gone.id);

      for (const gone of [unopened, blocked, deleted]) {
        const values = { ...validValues(teaching, w.refs), teacherId: gone.id };
        const response = await post(t.app, '/api/v1/records', recordBody(teaching, values), {
          cookie: w.actors.student.cookie,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json.fieldErrors).toEqual({ teacherId: RECORD_MESSAGES.teacherNotInDepartment });
      }
      const told = await t.db.select().from(notifications).where(eq(notifications.toId, unopened.id));
      expect(told).toHaveLength(0);
    });
  });
});
