import { clinicalCase, teaching } from '@pgel/shared/records/kinds';
import { and, count, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, idempotencyKeys, mailOutbox, notifications, records, users } from '../../db/schema/index';
import { IDEMPOTENCY_MESSAGES, REPLAYED_HEADER } from '../../platform/idempotency';
import { get, post, type TestApp, type TestResponse, unique } from '../../test/helpers';
import { type RecordsWorld, recordBody, validValues, withRecordsWorld } from '../../test/records-world';

const REPLAYED = REPLAYED_HEADER.toLowerCase();

/**
 * POST /records with an Idempotency-Key (issue 9): a phone that retries, or an offline draft sent
 * twice, creates one record and gets the first answer back.
 */
describe('records: Idempotency-Key on create', () => {
  let t: TestApp;
  let w: RecordsWorld;

  withRecordsWorld((app, world) => {
    t = app;
    w = world;
  });

  /** A teaching entry with its own topic, so its rows are found by that topic. */
  function teachingBody() {
    const topic = unique('Idem topic');
    return { topic, body: recordBody(teaching, { ...validValues(teaching, w.refs), topic }) };
  }
  const create = (body: unknown, key: string | undefined, cookie = w.actors.student.cookie) =>
    post(t.app, '/api/v1/records', body, {
      cookie,
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });
  const rowsWithTopic = (topic: string) => t.db.select().from(records).where(eq(records.summary, topic));
  const idOf = (response: TestResponse) => (response.json.record as { id: string }).id;

  it('the same key twice: one record, the same status and body, the second marked as replayed', async () => {
    const { topic, body } = teachingBody();
    const key = unique('key');
    const first = await create(body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers[REPLAYED]).toBeUndefined();
    const second = await create(body, key);
    expect(second.statusCode).toBe(201);
    expect(second.headers[REPLAYED]).toBe('true');
    expect(second.json).toEqual(first.json);
    expect(await rowsWithTopic(topic)).toHaveLength(1);
  });

  it('writes the audit row, the in-app note and the teacher mail once', async () => {
    // A teacher who chose one mail per entry (the default is the daily digest).
    await t.db.update(users).set({ verificationMail: 'each' }).where(eq(users.id, w.actors.faculty.id));
    const { body } = teachingBody();
    const key = unique('key');
    const responses = [await create(body, key), await create(body, key), await create(body, key)];
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const id = idOf(responses[0] as TestResponse);
    const [audits] = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'record.create')));
    expect(audits?.n).toBe(1);
    const [mails] = await t.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, w.actors.faculty.email), like(mailOutbox.text, `%${id}%`)));
    expect(mails?.n).toBe(1);
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.toId, w.actors.faculty.id), eq(notifications.fromId, w.actors.student.id)));
    const before = notes.length;
    await create(body, key);
    const after = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.toId, w.actors.faculty.id), eq(notifications.fromId, w.actors.student.id)));
    expect(after).toHaveLength(before);
  });

  it('five requests at once with one key create exactly one record', async () => {
    const { topic, body } = teachingBody();
    const key = unique('key');
    const responses = await Promise.all(Array.from({ length: 5 }, () => create(body, key)));
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(responses.map(idOf)).size).toBe(1);
    expect(responses.filter((r) => r.headers[REPLAYED] === 'true')).toHaveLength(4);
    for (const response of responses) expect(response.json).toEqual(responses[0]?.json);
    expect(await rowsWithTopic(topic)).toHaveLength(1);
  });

  it('the same key with another body is refused, and nothing new is written', async () => {
    const first = teachingBody();
    const key = unique('key');
    expect((await create(first.body, key)).statusCode).toBe(201);
    const other = teachingBody();
    const refused = await create(other.body, key);
    expect(refused.statusCode).toBe(409);
    expect(refused.json).toMatchObject({ code: 'conflict', message: IDEMPOTENCY_MESSAGES.reused });
    expect(await rowsWithTopic(other.topic)).toHaveLength(0);
    expect(await rowsWithTopic(first.topic)).toHaveLength(1);
  });

  it("another user's request with the same key is a request of its own", async () => {
    const { topic, body } = teachingBody();
    const key = unique('key');
    const mine = await create(body, key);
    const theirs = await create(body, key, w.actors.otherStudent.cookie);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.headers[REPLAYED]).toBeUndefined();
    expect(idOf(theirs)).not.toBe(idOf(mine));
    const rows = await rowsWithTopic(topic);
    expect(rows.map((r) => r.studentId).sort()).toEqual(
      [w.actors.student.id, w.actors.otherStudent.id].sort(),
    );
  });

  it('without a key every request creates a record (the header is optional)', async () => {
    const { topic, body } = teachingBody();
    const [a, b] = [await create(body, undefined), await create(body, undefined)];
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.headers[REPLAYED]).toBeUndefined();
    expect(await rowsWithTopic(topic)).toHaveLength(2);
  });

  it.each([
    ['empty', ''],
    ['longer than 200 characters', 'k'.repeat(201)],
    ['not ASCII', 'clé-1'],
    ['a control character', 'key\u0001one'],
  ])('a key that is %s is a 400 with a clear message, and creates nothing', async (_name, key) => {
    const { topic, body } = teachingBody();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/records',
      headers: { cookie: w.actors.student.cookie, 'idempotency-key': key },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation', message: IDEMPOTENCY_MESSAGES.invalidKey });
    expect(await rowsWithTopic(topic)).toHaveLength(0);
  });

  it('accepts a key of 200 printable characters', async () => {
    const { body } = teachingBody();
    const key = `${unique('k')} ~!`.padEnd(200, 'x');
    expect((await create(body, key)).statusCode).toBe(201);
    expect((await create(body, key)).headers[REPLAYED]).toBe('true');
  });

  it('a refused request keeps no key: the corrected retry with the same key creates the record', async () => {
    const { topic, body } = teachingBody();
    const key = unique('key');
    const invalid = await create({ ...body, details: {} }, key);
    expect(invalid.statusCode).toBe(400);
    expect(
      await t.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, w.actors.student.id), eq(idempotencyKeys.key, key))),
    ).toEqual([]);
    const corrected = await create(body, key);
    expect(corrected.statusCode, corrected.body).toBe(201);
    expect(corrected.headers[REPLAYED]).toBeUndefined();
    expect(await rowsWithTopic(topic)).toHaveLength(1);
  });

  it('keeps the record id with the key, never the patient details; the replay still shows them', async () => {
    const values = validValues(clinicalCase, w.refs);
    const key = unique('key');
    const first = await create(recordBody(clinicalCase, values), key);
    expect(first.statusCode, first.body).toBe(201);
    const [stored] = await t.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, w.actors.student.id), eq(idempotencyKeys.key, key)));
    expect(stored).toMatchObject({ scope: 'POST /api/v1/records', statusCode: 201 });
    expect(stored?.response).toEqual({ message: first.json.message, recordId: idOf(first) });
    expect(JSON.stringify(stored)).not.toContain(values.name as string);
    const replay = await create(recordBody(clinicalCase, values), key);
    expect(replay.json).toEqual(first.json);
    expect((replay.json.record as { details: Record<string, unknown> }).details.name).toBe(values.name);
  });

  it('documents the header in the OpenAPI description of POST /records', async () => {
    const spec = await get(t.app, '/api/v1/openapi.json');
    const paths = spec.json.paths as Record<
      string,
      Record<string, { parameters?: Array<{ name: string; in: string }> }>
    >;
    const parameters = paths['/api/v1/records']?.post?.parameters ?? [];
    expect(parameters).toContainEqual(expect.objectContaining({ name: 'idempotency-key', in: 'header' }));
  });
});
