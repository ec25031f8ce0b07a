import { RecordCountsSchema, RecordDetailSchema } from '@pgel/shared/records/api';
import { diagnosticSkill, procedure, surgicalSkill, teaching } from '@pgel/shared/records/kinds';
import { ROLE_MESSAGES } from '@pgel/shared/records/roles';
import type { RecordKind } from '@pgel/shared/records/types';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordScores, records } from '../../db/schema/index';
import { createCompetency, createSkill, get, post, recordRow, type TestApp } from '../../test/helpers';
import {
  type RecordsWorld,
  recordBody,
  validValues,
  verifyInputFor,
  withRecordsWorld,
} from '../../test/records-world';

type Json = Record<string, unknown>;

// Issue 27, part 3: the verifier confirms the resident's role (PGMER-2023). Both roles are kept:
// the logged one in details, the confirmed one in records.confirmed_role and the score history.
describe('the role the verifier confirms', () => {
  let t: TestApp;
  let w: RecordsWorld;
  withRecordsWorld((app, world) => {
    t = app;
    w = world;
  });

  const student = () => w.actors.student.cookie;
  const faculty = () => w.actors.faculty.cookie;

  async function create(kind: RecordKind, changes: Json = {}, cookie = student()): Promise<string> {
    const response = await post(
      t.app,
      '/api/v1/records',
      recordBody(kind, { ...validValues(kind, w.refs), ...changes }),
      { cookie },
    );
    expect(response.statusCode, response.body).toBe(201);
    return (response.json.record as { id: string }).id;
  }
  const verify = (id: string, body: Json) =>
    post(
      t.app,
      `/api/v1/records/${id}/verification`,
      { status: 'approved', remark: 'Seen in theatre', ...verifyInputFor(procedure, {}), ...body },
      { cookie: faculty() },
    );
  const historyOf = (id: string) =>
    t.db
      .select({ status: recordScores.status, confirmedRole: recordScores.confirmedRole })
      .from(recordScores)
      .where(eq(recordScores.recordId, id))
      .orderBy(asc(recordScores.createdAt));

  it('a verification without a role confirms the logged one: stored on the record and in the history', async () => {
    const id = await create(procedure, { role: 'Performed Independently' });
    const pending = await get(t.app, `/api/v1/records/${id}`, { cookie: faculty() });
    expect(pending.json.confirmedRole).toBeNull();

    const response = await verify(id, {});
    expect(response.statusCode, response.body).toBe(200);
    const record = RecordDetailSchema.parse(response.json.record);
    expect(record.confirmedRole).toBe('Performed Independently');
    expect(record.details.role).toBe('Performed Independently');
    expect((await recordRow(t.db, id))?.confirmedRole).toBe('Performed Independently');
    expect(await historyOf(id)).toEqual([{ status: 'approved', confirmedRole: 'Performed Independently' }]);
  });

  it('a changed role is kept beside the logged one; the detail and the score history carry it', async () => {
    const id = await create(procedure, { role: 'Performed Independently' });
    const response = await verify(id, { confirmedRole: 'Performed with Guide' });
    expect(response.statusCode, response.body).toBe(200);

    const stored = await recordRow(t.db, id);
    expect(stored?.confirmedRole).toBe('Performed with Guide');
    expect(stored?.details).toMatchObject({ role: 'Performed Independently' });
    for (const cookie of [student(), faculty()]) {
      const detail = await get(t.app, `/api/v1/records/${id}`, { cookie });
      expect(detail.json).toMatchObject({
        confirmedRole: 'Performed with Guide',
        details: { role: 'Performed Independently' },
      });
    }
    const scores = await get(t.app, `/api/v1/records/${id}/scores`, { cookie: student() });
    expect(scores.json.items).toMatchObject([{ status: 'approved', confirmedRole: 'Performed with Guide' }]);
    // The report table's row says the same.
    const list = await get(t.app, '/api/v1/records?kind=procedure&pageSize=20', { cookie: student() });
    const row = (list.json.items as Json[]).find((item) => item.id === id);
    expect(row).toMatchObject({
      confirmedRole: 'Performed with Guide',
      details: { role: 'Performed Independently' },
    });
  });

  it('surgical and diagnostic skills confirm their role too; a rejection keeps the confirmed role', async () => {
    const surgical = await create(surgicalSkill, { role: 'Assisted' });
    const diagnostic = await create(diagnosticSkill, { role: 'Observed' });
    expect((await verify(surgical, { confirmedRole: 'Observed', status: 'rejected' })).statusCode).toBe(200);
    expect((await verify(diagnostic, {})).statusCode).toBe(200);
    expect((await recordRow(t.db, surgical))?.confirmedRole).toBe('Observed');
    expect((await recordRow(t.db, diagnostic))?.confirmedRole).toBe('Observed');
  });

  it('a role on a kind that logs none is a 400 that names the kind, and nothing changes', async () => {
    const id = await create(teaching);
    const response = await post(
      t.app,
      `/api/v1/records/${id}/verification`,
      { status: 'approved', remark: 'Good', ...verifyInputFor(teaching, {}), confirmedRole: 'Assisted' },
      { cookie: faculty() },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json.message).toBe(ROLE_MESSAGES.notOffered(teaching.menuTitle));
    expect(await recordRow(t.db, id)).toMatchObject({ status: 'pending', confirmedRole: null });
    expect(await historyOf(id)).toEqual([]);
  });

  it('a role that is not one of the four is a 400 listing them', async () => {
    const id = await create(procedure);
    const response = await verify(id, { confirmedRole: 'Supervised' });
    expect(response.statusCode).toBe(400);
    expect(response.json.message).toBe(ROLE_MESSAGES.invalid);
    expect((await recordRow(t.db, id))?.status).toBe('pending');
  });

  it('bulk verification confirms each logged role when none is given, or sets the one given on all', async () => {
    const assisted = await create(procedure, { role: 'Assisted' });
    const independent = await create(procedure, { role: 'Performed Independently' });
    const asLogged = await post(
      t.app,
      '/api/v1/records/bulk-verification',
      { status: 'approved', remark: 'Fine', score: 4, recordIds: [assisted, independent] },
      { cookie: faculty() },
    );
    expect(asLogged.statusCode, asLogged.body).toBe(200);
    expect((await recordRow(t.db, assisted))?.confirmedRole).toBe('Assisted');
    expect((await recordRow(t.db, independent))?.confirmedRole).toBe('Performed Independently');

    const both = [
      await create(procedure, { role: 'Assisted' }),
      await create(diagnosticSkill, { role: 'Observed' }),
    ];
    const changed = await post(
      t.app,
      '/api/v1/records/bulk-verification',
      {
        status: 'approved',
        remark: 'Fine',
        score: 4,
        recordIds: both,
        confirmedRole: 'Performed with Guide',
      },
      { cookie: faculty() },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    for (const id of both) {
      expect((await recordRow(t.db, id))?.confirmedRole).toBe('Performed with Guide');
      expect(await historyOf(id)).toEqual([{ status: 'approved', confirmedRole: 'Performed with Guide' }]);
    }
  });

  it('a bulk verification with a role and an entry that logs none changes nothing', async () => {
    const ids = [await create(procedure), await create(teaching)];
    const response = await post(
      t.app,
      '/api/v1/records/bulk-verification',
      { status: 'approved', remark: 'Fine', score: 4, recordIds: ids, confirmedRole: 'Assisted' },
      { cookie: faculty() },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json.message).toBe(ROLE_MESSAGES.notOffered(teaching.menuTitle));
    for (const id of ids) expect((await recordRow(t.db, id))?.status).toBe('pending');
  });

  it("a new entry proposes the student's last role for that same skill, and none for another", async () => {
    const competency = await createCompetency(t.db, {
      departmentId: w.medicine.department.id,
      type: 'proc',
      title: `Chest procedures ${w.tag}`,
    });
    const [drain, tap] = [await createSkill(t.db, competency.id), await createSkill(t.db, competency.id)];
    const defaults = (subject?: string) =>
      get(t.app, `/api/v1/records/procedure/defaults${subject ? `?subject=${subject}` : ''}`, {
        cookie: student(),
      });
    expect(((await defaults(drain.id)).json.fields as Json).role).toBeUndefined();

    const onDrain = { competency: competency.id, skills: drain.id };
    await create(procedure, { ...onDrain, role: 'Assisted' });
    // A minute older: two requests in a row may share PGlite's millisecond clock.
    await t.db
      .update(records)
      .set({ createdAt: sql`${records.createdAt} - interval '1 minute'` })
      .where(eq(records.studentId, w.actors.student.id));
    await create(procedure, { ...onDrain, role: 'Performed with Guide' });
    await create(procedure, { competency: competency.id, skills: tap.id, role: 'Observed' });

    const proposed = await defaults(drain.id);
    expect(proposed.statusCode).toBe(200);
    expect((proposed.json.fields as Json).role).toBe('Performed with Guide');
    expect(((await defaults(tap.id)).json.fields as Json).role).toBe('Observed');
    // Without a skill there is nothing to propose; another student's entries are never read.
    expect(((await defaults()).json.fields as Json).role).toBeUndefined();
    const other = await get(t.app, `/api/v1/records/procedure/defaults?subject=${drain.id}`, {
      cookie: w.actors.otherStudent.cookie,
    });
    expect((other.json.fields as Json).role).toBeUndefined();
    expect(
      (await get(t.app, '/api/v1/records/procedure/defaults?subject=x', { cookie: student() })).statusCode,
    ).toBe(400);
  });

  it("the student's dashboard counts approved entries per confirmed role, not per logged role", async () => {
    const counts = async () => {
      const response = await get(t.app, '/api/v1/records/counts', { cookie: w.actors.otherStudent.cookie });
      const parsed = RecordCountsSchema.parse(response.json);
      return parsed.items.find((item) => item.kind === 'procedure')?.roles;
    };
    const other = w.actors.otherStudent.cookie;
    const changed = await create(procedure, { role: 'Performed Independently' }, other);
    const asLogged = await create(procedure, { role: 'Performed Independently' }, other);
    await create(procedure, { role: 'Assisted' }, other);
    expect(await verify(changed, { confirmedRole: 'Performed with Guide' })).toMatchObject({
      statusCode: 200,
    });
    expect(await verify(asLogged, {})).toMatchObject({ statusCode: 200 });
    expect(await counts()).toEqual([
      { role: 'Observed', approved: 0 },
      { role: 'Assisted', approved: 0 },
      { role: 'Performed with Guide', approved: 1 },
      { role: 'Performed Independently', approved: 1 },
    ]);
  });
});
