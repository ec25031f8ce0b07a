import { RECORD_MESSAGES } from '@pgel/shared/records/api';
import { count, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordScores } from '../../db/schema/index';
import { createRecordRows, post, recordRow, type TestApp } from '../../test/helpers';
import { type RecordsWorld, withRecordsWorld } from '../../test/records-world';

// Issue 10: a verification sets Approved or Rejected; only Reset returns an entry to Pending.
describe('record verification: the verdict', () => {
  let t: TestApp;
  let w: RecordsWorld;

  withRecordsWorld((app, world) => {
    t = app;
    w = world;
  });

  it('refuses Pending as a verdict, one record or many, with a clear message; nothing changes', async () => {
    const ids = await createRecordRows(t.db, [
      { kind: 'teaching', studentId: w.actors.student.id, placement: w.medicine },
      { kind: 'teaching', studentId: w.actors.otherStudent.id, placement: w.medicine },
    ]);
    const cookie = w.actors.faculty.cookie;
    const body = { status: 'pending', remark: 'Not yet', score: 3 };

    const one = await post(t.app, `/api/v1/records/${ids[0]}/verification`, body, { cookie });
    expect(one.statusCode, one.body).toBe(400);
    expect(one.json.message).toBe(RECORD_MESSAGES.verdictRequired);

    const many = await post(
      t.app,
      '/api/v1/records/bulk-verification',
      { ...body, recordIds: ids },
      { cookie },
    );
    expect(many.statusCode, many.body).toBe(400);
    expect(many.json.message).toBe(RECORD_MESSAGES.verdictRequired);

    // A missing status keeps the spec's message.
    const missing = await post(
      t.app,
      `/api/v1/records/${ids[0]}/verification`,
      { remark: 'Fine', score: 3 },
      { cookie },
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json.message).toBe(RECORD_MESSAGES.verifyAllFields);

    for (const id of ids) {
      const row = await recordRow(t.db, id);
      expect(row?.status).toBe('pending');
      expect(row?.verifierRemark).toBeNull();
      expect(row?.verifiedAt).toBeNull();
    }
    const [history] = await t.db
      .select({ n: count() })
      .from(recordScores)
      .where(inArray(recordScores.recordId, ids));
    expect(history?.n).toBe(0);

    // An actual verdict still goes through.
    const approved = await post(
      t.app,
      `/api/v1/records/${ids[0]}/verification`,
      { ...body, status: 'approved' },
      { cookie },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await recordRow(t.db, ids[0] as string))?.status).toBe('approved');
  });
});
