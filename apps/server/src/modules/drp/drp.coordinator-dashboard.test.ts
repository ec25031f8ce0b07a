import type { CoordinatorDashboard } from '@pgel/shared/drp/coordinator-dashboard';
import { drpActivity, drpUpload } from '@pgel/shared/records/kinds';
import type { RecordKind } from '@pgel/shared/records/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKindRecord } from '../../test/drp-records-world';
import {
  addPosting,
  createCoordinator,
  type DrpActor,
  dayFromToday,
  markDays,
  signedInUser,
} from '../../test/drp-world';
import {
  buildTestApp,
  createPlacement,
  del,
  get,
  type Placement,
  post,
  put,
  type TestApp,
  unique,
} from '../../test/helpers';

/**
 * A DRP coordinator's dashboard figures (issue 28): the residents posted under them now, the
 * days of those postings still to mark, and their pending DRP entries; never another
 * coordinator's residents or entries.
 */
describe('GET /drp/coordinator-dashboard', () => {
  let t: TestApp;
  let home: Placement;
  let tag: string;
  let mine: DrpActor;
  let other: DrpActor;
  let upcoming: DrpActor;
  let resident: { name: string; student: DrpActor; postingId: string };
  let newcomer: { name: string; student: DrpActor; postingId: string };
  let theirs: DrpActor;
  let faculty: DrpActor;
  let master: DrpActor;

  const dashboard = async (who: DrpActor) => {
    const response = await get(t.app, '/api/v1/drp/coordinator-dashboard', { cookie: who.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json as unknown as CoordinatorDashboard;
  };
  const create = async (who: DrpActor, kind: RecordKind, changes: Record<string, unknown> = {}) => {
    const response = await createKindRecord(t, kind, who.cookie, changes);
    expect(response.statusCode, response.body).toBe(201);
    return (response.json.record as { id: string }).id;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    tag = unique('Dash');
    home = await createPlacement(t.db, { collegeName: `West ${tag}`, departmentName: `Medicine ${tag}` });
    const student = (label: string) => signedInUser(t, null, home, `Dr. ${tag} ${label}`);
    mine = await createCoordinator(t, `Dr. ${tag} Coordinator`);
    other = await createCoordinator(t, `Dr. ${tag} Other Coordinator`);
    upcoming = await createCoordinator(t, `Dr. ${tag} Upcoming Coordinator`);
    faculty = await signedInUser(t, 'professor', home, `Dr. ${tag} Faculty`);
    master = await signedInUser(t, 'master', undefined, `Dr. ${tag} Master`);

    // Under `mine`: Zoya from 30 days ago (31 days so far, 5 marked), Arjun from today (1 day),
    // and Bela, whose posting ended last month (not a resident now; her entries still count).
    const zoya = await student('Zoya');
    const zoyaPosting = await addPosting(t.db, {
      student: zoya,
      placement: home,
      coordinator: mine,
      from: dayFromToday(-30),
    });
    await markDays(
      t.db,
      zoyaPosting,
      home,
      mine,
      [0, 1, 2, 3, 4].map((i) => ({ date: dayFromToday(-30 + i), present: i !== 2 })),
    );
    resident = { name: zoya.name, student: zoya, postingId: zoyaPosting.id };
    const arjun = await student('Arjun');
    const arjunPosting = await addPosting(t.db, {
      student: arjun,
      placement: home,
      coordinator: mine,
      from: dayFromToday(0),
    });
    newcomer = { name: arjun.name, student: arjun, postingId: arjunPosting.id };
    const bela = await student('Bela');
    await addPosting(t.db, {
      student: bela,
      placement: home,
      coordinator: mine,
      from: dayFromToday(-130),
    });

    // Zoya: two activities (one to be verified) and a logbook upload; Bela: one late upload.
    await create(zoya, drpActivity, { date: dayFromToday(-2) });
    const verified = await create(zoya, drpActivity, { date: dayFromToday(-1) });
    await create(zoya, drpUpload);
    await create(bela, drpUpload);
    const gone = await create(bela, drpUpload);
    const approved = await post(
      t.app,
      `/api/v1/records/${verified}/verification`,
      { status: 'approved', remark: 'Seen' },
      { cookie: mine.cookie },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const deleted = await del(t.app, `/api/v1/records/${gone}`, { cookie: bela.cookie });
    expect(deleted.statusCode, deleted.body).toBe(200);

    // Under `other`: Theirs from 10 days ago, with an activity of their own.
    theirs = await student('Theirs');
    await addPosting(t.db, { student: theirs, placement: home, coordinator: other, from: dayFromToday(-10) });
    await create(theirs, drpActivity, { date: dayFromToday(-3) });
    // Under `upcoming`: Zoya again, from 100 days ahead (not started: not theirs yet).
    await addPosting(t.db, {
      student: zoya,
      placement: home,
      coordinator: upcoming,
      from: dayFromToday(100),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("shows the coordinator's residents now, the days to mark and the pending entries", async () => {
    const figures = await dashboard(mine);
    expect(figures.residents).toEqual([
      {
        postingId: newcomer.postingId,
        student: { id: newcomer.student.id, name: newcomer.name },
        institution: expect.any(String),
        scheduleFrom: dayFromToday(0),
        scheduleTo: dayFromToday(90),
        daysToMark: 1,
      },
      {
        postingId: resident.postingId,
        student: { id: resident.student.id, name: resident.name },
        institution: expect.any(String),
        scheduleFrom: dayFromToday(-30),
        scheduleTo: dayFromToday(60),
        daysToMark: 26,
      },
    ]);
    expect(figures.daysToMark).toBe(27);
    // Verified and deleted entries are not waiting; an ended posting's late upload is.
    expect(figures.toVerify).toEqual({ activities: 1, logbooks: 2 });
  });

  it('follows the marking: a day marked is a day fewer to mark', async () => {
    const saved = await put(
      t.app,
      `/api/v1/drp/postings/${newcomer.postingId}/attendance`,
      { days: [{ date: dayFromToday(0), mark: 'present' }] },
      { cookie: mine.cookie },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const figures = await dashboard(mine);
    expect(figures.residents.map((r) => [r.student.name, r.daysToMark])).toEqual([
      [newcomer.name, 0],
      [resident.name, 26],
    ]);
    expect(figures.daysToMark).toBe(26);
  });

  it("never shows another coordinator's residents or entries", async () => {
    const theirFigures = await dashboard(other);
    expect(theirFigures.residents.map((r) => r.student.id)).toEqual([theirs.id]);
    expect(theirFigures.daysToMark).toBe(11);
    expect(theirFigures.toVerify).toEqual({ activities: 1, logbooks: 0 });
    // A posting that has not started is nobody's work yet.
    expect(await dashboard(upcoming)).toEqual({
      residents: [],
      daysToMark: 0,
      toVerify: { activities: 0, logbooks: 0 },
    });
  });

  it("is the coordinator's alone: 401 signed out, 403 for residents, faculty and Master", async () => {
    const anonymous = await get(t.app, '/api/v1/drp/coordinator-dashboard');
    expect(anonymous.statusCode).toBe(401);
    for (const who of [resident.student, faculty, master]) {
      const response = await get(t.app, '/api/v1/drp/coordinator-dashboard', { cookie: who.cookie });
      expect(response.statusCode, who.name).toBe(403);
    }
  });
});
