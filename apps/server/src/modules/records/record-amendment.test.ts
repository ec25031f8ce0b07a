import { RECORD_MESSAGES, RESET_REASON_MAX, RecordDetailSchema } from '@pgel/shared/records/api';
import { procedure } from '@pgel/shared/records/kinds';
import { recordPagePath } from '@pgel/shared/records/paths';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, notifications, recordScores } from '../../db/schema/index';
import { auditRowsFor, get, post, recordRow, type TestApp } from '../../test/helpers';
import {
  ageHistory,
  type RecordsWorld,
  recordBody,
  validValues,
  verifyInputFor,
  withRecordsWorld,
} from '../../test/records-world';

type Json = Record<string, unknown>;

// Issue 27, part 5: a verified entry is amended, not silently reset. The reset needs a reason,
// the earlier verification stays in the entry's history, the entry is marked amended and the
// resident is told.
describe('resetting a verified entry: an amendment with a reason', () => {
  let t: TestApp;
  let w: RecordsWorld;
  withRecordsWorld((app, world) => {
    t = app;
    w = world;
  });

  const faculty = () => w.actors.faculty.cookie;

  /** A procedure logged as Performed Independently, approved as Performed with Guide. */
  async function verifiedProcedure(): Promise<string> {
    const created = await post(
      t.app,
      '/api/v1/records',
      recordBody(procedure, { ...validValues(procedure, w.refs), role: 'Performed Independently' }),
      { cookie: w.actors.student.cookie },
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json.record as { id: string }).id;
    const verified = await post(
      t.app,
      `/api/v1/records/${id}/verification`,
      {
        status: 'approved',
        remark: 'Well done',
        confirmedRole: 'Performed with Guide',
        ...verifyInputFor(procedure, {}),
      },
      { cookie: faculty() },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    await ageHistory(t.db, id);
    return id;
  }
  const reset = (id: string, body: unknown) =>
    post(t.app, `/api/v1/records/${id}/reset`, body, { cookie: faculty() });

  it('refuses a reset without a reason, with only spaces or over 500 characters, and changes nothing', async () => {
    const id = await verifiedProcedure();
    const before = await recordRow(t.db, id);
    for (const [body, message] of [
      [undefined, RECORD_MESSAGES.resetReasonRequired],
      [{}, RECORD_MESSAGES.resetReasonRequired],
      [{ reason: '   ' }, RECORD_MESSAGES.resetReasonRequired],
      [{ reason: 'x'.repeat(RESET_REASON_MAX + 1) }, RECORD_MESSAGES.resetReasonTooLong],
    ] as const) {
      const response = await reset(id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json.message).toBe(message);
    }
    expect(await recordRow(t.db, id)).toEqual(before);
    const history = await t.db.select().from(recordScores).where(eq(recordScores.recordId, id));
    expect(history).toHaveLength(1);
    // Exactly 500 characters is a reason.
    expect((await reset(id, { reason: 'y'.repeat(RESET_REASON_MAX) })).statusCode).toBe(200);
  });

  it('keeps the earlier verification in the history the detail carries, with the reset and its reason', async () => {
    const id = await verifiedProcedure();
    const response = await reset(id, { reason: '  Logged under the wrong skill  ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json.message).toBe(RECORD_MESSAGES.reset);

    const stored = await recordRow(t.db, id);
    expect(stored).toMatchObject({
      status: 'pending',
      verifierRemark: null,
      score: null,
      verifiedById: null,
      verifiedAt: null,
      confirmedRole: null,
      everVerified: true,
    });
    expect(stored?.amendedAt).toBeInstanceOf(Date);
    expect(Math.abs((stored?.amendedAt?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);

    for (const cookie of [w.actors.student.cookie, faculty(), w.actors.hod.cookie]) {
      const detail = RecordDetailSchema.parse((await get(t.app, `/api/v1/records/${id}`, { cookie })).json);
      expect(detail.amendedAt).toBe(stored?.amendedAt?.toISOString());
      expect(detail.history).toMatchObject([
        {
          event: 'reset',
          status: 'pending',
          score: null,
          remark: 'Logged under the wrong skill',
          confirmedRole: null,
          byName: w.actors.faculty.name,
        },
        {
          event: 'verification',
          status: 'approved',
          score: { value: 4, label: 'Very Good' },
          remark: 'Well done',
          confirmedRole: 'Performed with Guide',
          byName: w.actors.faculty.name,
        },
      ]);
      // The score-history route answers the same items.
      const scores = await get(t.app, `/api/v1/records/${id}/scores`, { cookie });
      expect(scores.json.items).toEqual(detail.history);
    }
    // The audit row keeps the reason too.
    const audit = await auditRowsFor(t.db, 'record', id);
    expect(audit.at(-1)?.action).toBe('record.reset');
    expect(audit.at(-1)?.after).toMatchObject({ reason: 'Logged under the wrong skill', status: 'pending' });
  });

  it('tells the resident in the app (opening the entry) and by mail, never with the reason', async () => {
    const id = await verifiedProcedure();
    expect((await reset(id, { reason: 'Patient Zephyr Quill was on another ward' })).statusCode).toBe(200);
    // The verdict's notice opens the entry too (issue 28); the reset's is the one that says so.
    const told = (
      await t.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.toId, w.actors.student.id),
            eq(notifications.url, recordPagePath('procedure', id)),
          ),
        )
    ).filter((n) => n.description.includes('reset'));
    expect(told).toHaveLength(1);
    expect(told[0]?.fromId).toBe(w.actors.faculty.id);
    expect(told[0]?.description).toContain('reset your Procedures entry');
    expect(told[0]?.description).not.toContain('Zephyr');

    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, w.actors.student.email));
    const mail = mails.find(
      (m) => m.subject === 'Your Procedures entry was reset for review' && m.text.includes(id),
    );
    expect(mail, JSON.stringify(mails.map((m) => m.subject))).toBeDefined();
    expect(mail?.text).toContain(w.actors.faculty.name);
    expect(mail?.text).toContain(`http://app.test${recordPagePath('procedure', id)}`);
    expect(mail?.text).not.toContain('Zephyr');
  });

  it('a new verification after the amendment adds to the history; the entry stays marked amended', async () => {
    const id = await verifiedProcedure();
    expect((await reset(id, { reason: 'Wrong date' })).statusCode).toBe(200);
    const amendedAt = (await recordRow(t.db, id))?.amendedAt;
    await ageHistory(t.db, id);
    const again = await post(
      t.app,
      `/api/v1/records/${id}/verification`,
      { status: 'rejected', remark: 'Date is still wrong', ...verifyInputFor(procedure, {}) },
      { cookie: faculty() },
    );
    expect(again.statusCode, again.body).toBe(200);
    const detail = RecordDetailSchema.parse(again.json.record);
    expect(detail.history.map((item) => `${item.event}:${item.status}:${item.confirmedRole}`)).toEqual([
      'verification:rejected:Performed Independently',
      'reset:pending:null',
      'verification:approved:Performed with Guide',
    ]);
    expect((await recordRow(t.db, id))?.amendedAt).toEqual(amendedAt);
  });

  it('resetting an entry that was never verified changes nothing and tells nobody', async () => {
    const created = await post(
      t.app,
      '/api/v1/records',
      recordBody(procedure, validValues(procedure, w.refs)),
      {
        cookie: w.actors.otherStudent.cookie,
      },
    );
    const id = (created.json.record as { id: string }).id;
    const response = await reset(id, { reason: 'Nothing to undo' });
    expect(response.statusCode).toBe(200);
    expect(await recordRow(t.db, id)).toMatchObject({ status: 'pending', amendedAt: null });
    expect(((await get(t.app, `/api/v1/records/${id}`, { cookie: faculty() })).json as Json).history).toEqual(
      [],
    );
    // The resident hears nothing (the faculty's notice of the new entry opens it too, issue 28).
    const told = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.url, recordPagePath('procedure', id)),
          eq(notifications.toId, w.actors.otherStudent.id),
        ),
      );
    expect(told).toEqual([]);
  });
});
