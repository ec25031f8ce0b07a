import { RECORD_MESSAGES } from '@pgel/shared/records/api';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, recordScores } from '../../db/schema/index';
import {
  createRecordRows,
  DEFAULT_PASSWORD,
  freshIp,
  post,
  recordRow,
  type TestApp,
} from '../../test/helpers';
import { type RecordsWorld, withRecordsWorld } from '../../test/records-world';

const VERDICT = { status: 'approved', score: 3, remark: 'Seen at the bedside' } as const;

/**
 * Issue 30: two faculty members sign off the same entries on two residents' phones… or one phone
 * tapped twice. PostgreSQL only: PGlite is one connection, so its transactions never overlap;
 * here they race for the rows' locks.
 */
describe('sign-off on the resident’s device: at the same moment', () => {
  let t: TestApp;
  let w: RecordsWorld;

  withRecordsWorld((app, world) => {
    t = app;
    w = world;
  });

  const signOff = (url: string, email: string, body: object = {}) =>
    post(
      t.app,
      url,
      { email, password: DEFAULT_PASSWORD, ...VERDICT, ...body },
      { cookie: w.actors.student.cookie, remoteAddress: freshIp() },
    );

  it('leaves exactly one verification of an entry signed off twice at once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [id] = (await createRecordRows(t.db, [
        { kind: 'teaching', studentId: w.actors.student.id, placement: w.medicine },
      ])) as [string];
      const answers = await Promise.all([
        signOff(`/api/v1/records/${id}/sign-off`, w.actors.faculty.email),
        signOff(`/api/v1/records/${id}/sign-off`, w.actors.hod.email),
      ]);
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes, answers.map((a) => a.body).join('\n')).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)?.json.message).toBe(RECORD_MESSAGES.alreadyVerified);

      const history = await t.db.select().from(recordScores).where(eq(recordScores.recordId, id));
      expect(history).toHaveLength(1);
      const winner = answers.find((a) => a.statusCode === 200)?.json.verifierName;
      const stored = await recordRow(t.db, id);
      expect(stored?.verifiedById).toBe(history[0]?.byId);
      expect([w.actors.faculty.name, w.actors.hod.name]).toContain(winner);
      const approvals = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'record.approve')));
      expect(approvals).toHaveLength(1);
    }
  });

  it('never deadlocks on overlapping selections sent in opposite orders', async () => {
    const ids = await createRecordRows(
      t.db,
      Array.from({ length: 6 }, () => ({
        kind: 'teaching',
        studentId: w.actors.student.id,
        placement: w.medicine,
      })),
    );
    const answers = await Promise.all([
      signOff('/api/v1/records/sign-off', w.actors.faculty.email, { recordIds: ids.slice(0, 4) }),
      signOff('/api/v1/records/sign-off', w.actors.hod.email, { recordIds: ids.slice(2).reverse() }),
    ]);
    expect(answers.filter((a) => a.statusCode >= 500).map((a) => a.body)).toEqual([]);
    // The selections share two entries: one goes through whole, the other changes nothing.
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const history = await t.db.select().from(recordScores).where(inArray(recordScores.recordId, ids));
    expect(history).toHaveLength(4);
    expect(new Set(history.map((h) => h.recordId)).size).toBe(4);
  });
});
