import { DRP_MESSAGES as M } from '@pgel/shared/drp/postings';
import { drpActivity, drpUpload } from '@pgel/shared/records/kinds';
import type { RecordKind } from '@pgel/shared/records/types';
import { FILE_MESSAGES } from '@pgel/shared/schemas/files';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drpPostings, records } from '../../db/schema/index';
import { createKindRecord } from '../../test/drp-records-world';
import {
  addPosting,
  createCoordinator,
  type DrpActor,
  dayFromToday,
  signedInUser,
} from '../../test/drp-world';
import {
  buildTestApp,
  createPlacement,
  del,
  get,
  type Placement,
  post,
  recordRow,
  type TestApp,
  unique,
} from '../../test/helpers';

type Created = { id: string; fileId: string | null };
type PostingJson = { id: string; canDelete: boolean };

/**
 * A DRP record belongs to one posting (records.drp_posting_id, issue 12): only that posting's
 * coordinator sees, verifies and reads the files of it, and the posting cannot go while it has
 * live records.
 */
describe('DRP records belong to their own posting', () => {
  let t: TestApp;
  let home: Placement;
  let tag: string;
  beforeAll(async () => {
    t = await buildTestApp();
    tag = unique('Own');
    home = await createPlacement(t.db, { collegeName: `East ${tag}`, departmentName: `Medicine ${tag}` });
  });
  afterAll(async () => {
    await t?.close();
  });

  const student = (label: string) => signedInUser(t, null, home, `Dr. ${tag} ${label}`);
  const posting = (who: DrpActor, coordinator: DrpActor, from: string) =>
    addPosting(t.db, { student: who, placement: home, coordinator, from });

  /** A record of the kind created through the API as `who`; its id and file. */
  async function create(who: DrpActor, kind: RecordKind, changes: Record<string, unknown> = {}) {
    const response = await createKindRecord(t, kind, who.cookie, changes);
    expect(response.statusCode, response.body).toBe(201);
    const record = response.json.record as { id: string; certificate?: { id: string } | null };
    const row = await recordRow(t.db, record.id);
    return { id: record.id, fileId: row?.certificateFileId ?? null, postingId: row?.drpPostingId };
  }

  describe('one student, two started postings under coordinators A (earlier) and B (current)', () => {
    let resident: DrpActor;
    let coordinatorA: DrpActor;
    let coordinatorB: DrpActor;
    const ofA: Created[] = [];
    const ofB: Created[] = [];

    beforeAll(async () => {
      resident = await student('Resident');
      coordinatorA = await createCoordinator(t, `Dr. ${tag} Coordinator A`);
      coordinatorB = await createCoordinator(t, `Dr. ${tag} Coordinator B`);
      // A alone first: the upload then belongs to A, the latest posting started so far.
      const postingA = await posting(resident, coordinatorA, dayFromToday(-200));
      const uploadA = await create(resident, drpUpload);
      const activityA = await create(resident, drpActivity, { date: dayFromToday(-150) });
      const postingB = await posting(resident, coordinatorB, dayFromToday(-30));
      const uploadB = await create(resident, drpUpload);
      const activityB = await create(resident, drpActivity, { date: dayFromToday(-1) });
      expect([uploadA, activityA].map((r) => r.postingId)).toEqual([postingA.id, postingA.id]);
      expect([uploadB, activityB].map((r) => r.postingId)).toEqual([postingB.id, postingB.id]);
      ofA.push(uploadA, activityA);
      ofB.push(uploadB, activityB);
    });

    const listed = async (coordinator: DrpActor, kind: RecordKind) => {
      const response = await get(t.app, `/api/v1/records?kind=${kind.id}&pageSize=20`, {
        cookie: coordinator.cookie,
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json.items as Array<{ id: string }>).map((item) => item.id);
    };
    const pending = async (coordinator: DrpActor) => {
      const response = await get(t.app, '/api/v1/records/pending?pageSize=20', {
        cookie: coordinator.cookie,
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json.items as Array<{ id: string }>).map((item) => item.id);
    };
    const verify = (coordinator: DrpActor, id: string) =>
      post(
        t.app,
        `/api/v1/records/${id}/verification`,
        { status: 'approved', remark: 'Seen' },
        { cookie: coordinator.cookie },
      );

    it.each([
      ['A', 'B'],
      ['B', 'A'],
    ] as const)(
      "coordinator %s neither lists, opens, verifies nor reads the files of %s's records",
      async (me, them) => {
        const coordinator = me === 'A' ? coordinatorA : coordinatorB;
        const mine = me === 'A' ? ofA : ofB;
        const theirs = them === 'A' ? ofA : ofB;
        const listedIds = [
          ...(await listed(coordinator, drpUpload)),
          ...(await listed(coordinator, drpActivity)),
        ];
        expect(listedIds).toEqual(expect.arrayContaining(mine.map((r) => r.id)));
        const pendingIds = await pending(coordinator);
        expect(pendingIds).toEqual(expect.arrayContaining(mine.map((r) => r.id)));
        for (const record of theirs) {
          expect(listedIds).not.toContain(record.id);
          expect(pendingIds).not.toContain(record.id);
          const detail = await get(t.app, `/api/v1/records/${record.id}`, { cookie: coordinator.cookie });
          expect(detail.statusCode, detail.body).toBe(404);
          const verified = await verify(coordinator, record.id);
          expect(verified.statusCode, verified.body).toBe(404);
          expect((await recordRow(t.db, record.id))?.status).toBe('pending');
        }
        for (const record of mine) {
          const detail = await get(t.app, `/api/v1/records/${record.id}`, { cookie: coordinator.cookie });
          expect(detail.statusCode, detail.body).toBe(200);
        }
        // The uploads' logbook files: their own posting's only.
        const [myUpload, theirUpload] = [mine[0]?.fileId, theirs[0]?.fileId];
        expect(myUpload && theirUpload).toBeTruthy();
        const mineFile = await get(t.app, `/api/v1/files/${myUpload}`, { cookie: coordinator.cookie });
        expect(mineFile.statusCode).toBe(200);
        const theirFile = await get(t.app, `/api/v1/files/${theirUpload}`, { cookie: coordinator.cookie });
        expect(theirFile.statusCode).toBe(404);
        expect(theirFile.json.message).toBe(FILE_MESSAGES.notFound);
      },
    );

    it("each coordinator verifies their own posting's records", async () => {
      for (const [coordinator, own] of [
        [coordinatorA, ofA],
        [coordinatorB, ofB],
      ] as const) {
        for (const record of own) {
          const verified = await verify(coordinator, record.id);
          expect(verified.statusCode, verified.body).toBe(200);
          expect((await recordRow(t.db, record.id))?.verifiedById).toBe(coordinator.id);
        }
      }
    });
  });

  it('refuses a logbook upload while the only posting has not started', async () => {
    const resident = await student('Early');
    const coordinator = await createCoordinator(t, `Dr. ${tag} Later Coordinator`);
    await posting(resident, coordinator, dayFromToday(20));
    const ownRecords = async () =>
      Number(
        (await t.db.select({ n: count() }).from(records).where(eq(records.studentId, resident.id)))[0]?.n,
      );
    const response = await createKindRecord(t, drpUpload, resident.cookie);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json.message).toBe(M.postingNotStarted);
    expect(await ownRecords()).toBe(0);
  });

  it('keeps a posting while it has live records; once they are deleted it goes', async () => {
    const resident = await student('Deleting');
    const coordinator = await createCoordinator(t, `Dr. ${tag} Gone Coordinator`);
    const fixture = await posting(resident, coordinator, dayFromToday(-10));
    const canDelete = async () => {
      const list = await get(t.app, '/api/v1/drp/postings?pageSize=20', { cookie: resident.cookie });
      expect(list.statusCode, list.body).toBe(200);
      return (list.json.items as PostingJson[]).find((p) => p.id === fixture.id)?.canDelete;
    };
    expect(await canDelete()).toBe(true);
    const record = await create(resident, drpUpload);
    expect(record.postingId).toBe(fixture.id);
    expect(await canDelete()).toBe(false);

    const refused = await del(t.app, `/api/v1/drp/postings/${fixture.id}`, { cookie: resident.cookie });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json.message).toBe(M.hasRecords);
    expect(await t.db.select().from(drpPostings).where(eq(drpPostings.id, fixture.id))).toHaveLength(1);

    const removed = await del(t.app, `/api/v1/records/${record.id}`, { cookie: resident.cookie });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await canDelete()).toBe(true);
    const deleted = await del(t.app, `/api/v1/drp/postings/${fixture.id}`, { cookie: resident.cookie });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json).toEqual({ message: M.deleted });
    expect(await t.db.select().from(drpPostings).where(eq(drpPostings.id, fixture.id))).toHaveLength(0);
    // The deleted record stays, detached from the posting that is gone.
    const row = await recordRow(t.db, record.id);
    expect(row?.deletedAt).not.toBeNull();
    expect(row?.drpPostingId).toBeNull();
  });
});
