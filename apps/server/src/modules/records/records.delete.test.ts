import { RECORD_MESSAGES } from '@pgel/shared/records/api';
import { teaching } from '@pgel/shared/records/kinds';
import { describe, expect, it } from 'vitest';
import { auditRowsFor, del, get, inject, post, recordRow, type TestApp } from '../../test/helpers';
import { type RecordsWorld, recordBody, validValues, withRecordsWorld } from '../../test/records-world';

type Json = Record<string, unknown>;

/**
 * Verified evidence is kept (docs/decisions/004): a record verified once can be reset to Pending
 * for a new verification, but nobody deletes it afterwards.
 */
describe('records: deletion and verification', () => {
  let t: TestApp;
  let w: RecordsWorld;

  withRecordsWorld((app, world) => {
    t = app;
    w = world;
  });

  const student = () => w.actors.student.cookie;
  const faculty = () => w.actors.faculty.cookie;

  async function createTeaching(): Promise<string> {
    const response = await post(
      t.app,
      '/api/v1/records',
      recordBody(teaching, validValues(teaching, w.refs)),
      {
        cookie: student(),
      },
    );
    expect(response.statusCode, response.body).toBe(201);
    return (response.json.record as { id: string }).id;
  }

  async function verify(id: string, status: 'approved' | 'rejected') {
    const response = await post(
      t.app,
      `/api/v1/records/${id}/verification`,
      { status, remark: 'Seen', score: 2 },
      { cookie: faculty() },
    );
    expect(response.statusCode, response.body).toBe(200);
  }

  async function reset(id: string) {
    const response = await post(
      t.app,
      `/api/v1/records/${id}/reset`,
      { reason: 'Reviewed again on request' },
      { cookie: faculty() },
    );
    expect(response.statusCode, response.body).toBe(200);
  }

  async function listed(id: string): Promise<Json | undefined> {
    const list = await get(t.app, `/api/v1/records?kind=teaching&pageSize=20&sort=createdAt&order=desc`, {
      cookie: student(),
    });
    return (list.json.items as Json[]).find((item) => item.id === id);
  }

  it('verify -> reset -> delete is refused with 409 and the record stays, Pending and marked', async () => {
    const id = await createTeaching();
    await verify(id, 'approved');
    const verified = await get(t.app, `/api/v1/records/${id}`, { cookie: student() });
    expect(verified.json).toMatchObject({ everVerified: true, canDelete: false });
    await reset(id);

    const detail = await get(t.app, `/api/v1/records/${id}`, { cookie: student() });
    expect(detail.json).toMatchObject({
      status: 'pending',
      verifiedAt: null,
      everVerified: true,
      canDelete: false,
    });
    expect(await listed(id)).toMatchObject({ status: 'pending', everVerified: true });

    const deleted = await del(t.app, `/api/v1/records/${id}`, { cookie: student() });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json).toMatchObject({ code: 'conflict', message: RECORD_MESSAGES.verifiedKept });
    expect(await recordRow(t.db, id)).toMatchObject({
      status: 'pending',
      everVerified: true,
      deletedAt: null,
    });
    expect((await auditRowsFor(t.db, 'record', id)).map((a) => a.action)).toEqual([
      'record.create',
      'record.approve',
      'record.reset',
    ]);
    // Still there for a new verification.
    await verify(id, 'approved');
    expect((await recordRow(t.db, id))?.status).toBe('approved');
  });

  it('rejected -> reset -> delete is refused too', async () => {
    const id = await createTeaching();
    await verify(id, 'rejected');
    await reset(id);
    const deleted = await del(t.app, `/api/v1/records/${id}`, { cookie: student() });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json.message).toBe(RECORD_MESSAGES.verifiedKept);
    expect((await recordRow(t.db, id))?.deletedAt).toBeNull();
  });

  it('a record verified in bulk and reset is kept as well', async () => {
    const [first, second] = [await createTeaching(), await createTeaching()];
    const bulk = await post(
      t.app,
      '/api/v1/records/bulk-verification',
      { recordIds: [first, second], status: 'approved', remark: 'Bulk', score: 3 },
      { cookie: faculty() },
    );
    expect(bulk.statusCode, bulk.body).toBe(200);
    await reset(first as string);
    expect((await recordRow(t.db, second as string))?.everVerified).toBe(true);
    const deleted = await del(t.app, `/api/v1/records/${first}`, { cookie: student() });
    expect(deleted.statusCode).toBe(409);
    expect(await recordRow(t.db, first as string)).toMatchObject({ everVerified: true, deletedAt: null });
  });

  it('Master, HOD and faculty cannot delete an ever-verified record either', async () => {
    const id = await createTeaching();
    await verify(id, 'approved');
    await reset(id);
    const before = await recordRow(t.db, id);
    for (const who of ['master', 'hod', 'faculty', 'admin'] as const) {
      const response = await del(t.app, `/api/v1/records/${id}`, { cookie: w.actors[who].cookie });
      expect(response.statusCode, who).toBe(403);
    }
    expect(await recordRow(t.db, id)).toEqual(before);
  });

  it('a never-verified Pending record is deleted by its student; a deleted one cannot be verified', async () => {
    const id = await createTeaching();
    expect(await listed(id)).toMatchObject({ everVerified: false });
    const detail = await get(t.app, `/api/v1/records/${id}`, { cookie: student() });
    expect(detail.json).toMatchObject({ everVerified: false, canDelete: true });
    const deleted = await del(t.app, `/api/v1/records/${id}`, { cookie: student() });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json.message).toBe(RECORD_MESSAGES.deleted);
    expect((await recordRow(t.db, id))?.deletedAt).toBeInstanceOf(Date);
    const again = await inject(
      t.app,
      'POST',
      `/api/v1/records/${id}/verification`,
      { status: 'approved', remark: 'ok', score: 2 },
      { cookie: faculty() },
    );
    expect(again.statusCode).toBe(404);
  });
});
