import { FAVOURITE_MESSAGES, FavouritesSchema } from '@pgel/shared/records/favourites';
import { procedure } from '@pgel/shared/records/kinds';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { records, userFavourites } from '../../db/schema/index';
import {
  createCompetency,
  createPlacement,
  createSkill,
  createUser,
  del,
  freshIp,
  get,
  login,
  post,
  put,
  type TestApp,
} from '../../test/helpers';
import { type RecordsWorld, recordBody, validValues, withRecordsWorld } from '../../test/records-world';

type Item = { id: string; title: string; pinned?: boolean; recent?: boolean };

describe('/me/favourites and the order of the entry forms’ choices (issue 29)', () => {
  let t: TestApp;
  let w: RecordsWorld;

  withRecordsWorld((app, world) => {
    t = app;
    w = world;
  });

  async function newStudent() {
    const user = await createUser(t.db, { placement: w.medicine, verifyByHod: true });
    const cookie = await login(t.app, user.email, user.password, 'student', { remoteAddress: freshIp() });
    return { id: user.id, cookie };
  }
  /** Three procedures of Medicine titled so the list's own order is A, B, C; each with two skills. */
  async function procedures(set: string) {
    const made = [];
    for (const letter of ['A', 'B', 'C']) {
      const competency = await createCompetency(t.db, {
        departmentId: w.medicine.department.id,
        type: 'proc',
        title: `${letter} procedure ${set} ${w.tag}`,
      });
      const first = await createSkill(t.db, competency.id, `${letter} first skill`);
      const second = await createSkill(t.db, competency.id, `${letter} second skill`);
      made.push({ id: competency.id, title: competency.title, skills: [first.id, second.id] });
    }
    return made;
  }
  const optionsOf = async (path: string, cookie: string | undefined, set = 'ordered') => {
    const response = await get(t.app, `/api/v1/records/options/${path}`, cookie ? { cookie } : {});
    expect(response.statusCode, response.body).toBe(200);
    return (response.json.items as Item[]).filter(
      (item) => item.title.includes(`${set} ${w.tag}`) || / skill$/.test(item.title),
    );
  };

  it('pins, lists and unpins; pinning twice keeps one pin', async () => {
    const student = await newStudent();
    const [a] = await procedures('pinned');
    if (!a) throw new Error('no procedure');
    const skillId = a.skills[1] as string;
    const pinned = await put(t.app, `/api/v1/me/favourites/skill/${skillId}`, undefined, {
      cookie: student.cookie,
    });
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect(pinned.json.item).toEqual({ type: 'skill', id: skillId, title: 'A second skill' });
    expect(
      (await put(t.app, `/api/v1/me/favourites/skill/${skillId}`, undefined, { cookie: student.cookie }))
        .statusCode,
    ).toBe(200);
    expect(
      (await put(t.app, `/api/v1/me/favourites/procedure/${a.id}`, undefined, { cookie: student.cookie }))
        .statusCode,
    ).toBe(200);

    const listed = await get(t.app, '/api/v1/me/favourites', { cookie: student.cookie });
    expect(listed.statusCode).toBe(200);
    expect(FavouritesSchema.safeParse(listed.json).success).toBe(true);
    expect(listed.json.items).toEqual([
      { type: 'procedure', id: a.id, title: a.title },
      { type: 'skill', id: skillId, title: 'A second skill' },
    ]);
    const rows = await t.db.select().from(userFavourites).where(eq(userFavourites.userId, student.id));
    expect(rows).toHaveLength(2);

    const unpinned = await del(t.app, `/api/v1/me/favourites/skill/${skillId}`, { cookie: student.cookie });
    expect(unpinned.statusCode).toBe(200);
    expect((await get(t.app, '/api/v1/me/favourites', { cookie: student.cookie })).json.items).toEqual([
      { type: 'procedure', id: a.id, title: a.title },
    ]);
    // Another student's pins are their own.
    const classmate = await newStudent();
    expect((await get(t.app, '/api/v1/me/favourites', { cookie: classmate.cookie })).json.items).toEqual([]);
  });

  it('refuses ids that are malformed, of another type, or of another college or department (4xx)', async () => {
    const student = await newStudent();
    const other = await createPlacement(t.db);
    const otherCollegeProcedure = await createCompetency(t.db, {
      departmentId: w.medicine.department.id,
      collegeId: other.college.id,
      type: 'proc',
    });
    const otherCollegeSkill = await createSkill(t.db, otherCollegeProcedure.id);
    const pin = (path: string) =>
      put(t.app, `/api/v1/me/favourites/${path}`, undefined, { cookie: student.cookie });

    expect((await pin('teacher/' + w.refs.proc.competencyId)).statusCode).toBe(400);
    expect((await pin('skill/not-a-uuid')).statusCode).toBe(400);
    for (const path of [
      `procedure/${otherCollegeProcedure.id}`,
      `skill/${otherCollegeSkill.id}`,
      `skill/${w.surgeryRefs.proc.skillId}`,
      // A diagnostic competency is not a procedure, and a skill is not a competency.
      `procedure/${w.refs.diag.competencyId}`,
      `competency/${w.refs.proc.skillId}`,
      `skill/${crypto.randomUUID()}`,
    ]) {
      const response = await pin(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json.message).toBe(FAVOURITE_MESSAGES.notOffered);
    }
    const unpin = await del(t.app, `/api/v1/me/favourites/skill/${otherCollegeSkill.id}`, {
      cookie: student.cookie,
    });
    expect(unpin.statusCode).toBe(404);
    const rows = await t.db.select().from(userFavourites).where(eq(userFavourites.userId, student.id));
    expect(rows).toHaveLength(0);

    // Students only, signed in.
    const path = `/api/v1/me/favourites/skill/${w.refs.proc.skillId}`;
    expect((await put(t.app, path, undefined, {})).statusCode).toBe(401);
    expect((await put(t.app, path, undefined, { cookie: w.cookieOf('faculty') })).statusCode).toBe(403);
    expect((await get(t.app, '/api/v1/me/favourites', { cookie: w.cookieOf('master') })).statusCode).toBe(
      403,
    );
  });

  it('puts pinned choices first, then the ones used last (newest first), then the rest', async () => {
    const student = await newStudent();
    const [a, b, c] = await procedures('ordered');
    if (!a || !b || !c) throw new Error('no procedures');
    // Before anything: the list's own order (by title).
    expect((await optionsOf('competencies?for=proc', student.cookie)).map((item) => item.id)).toEqual([
      a.id,
      b.id,
      c.id,
    ]);
    // Used B then A (A last), pinned C.
    for (const [competency, skill] of [
      [b.id, b.skills[0]],
      [a.id, a.skills[1]],
    ]) {
      const body = recordBody(procedure, { ...validValues(procedure, w.refs), competency, skills: skill });
      expect((await post(t.app, '/api/v1/records', body, { cookie: student.cookie })).statusCode).toBe(201);
      await t.db
        .update(records)
        .set({ createdAt: sql`${records.createdAt} - interval '1 minute'` })
        .where(eq(records.studentId, student.id));
    }
    await put(t.app, `/api/v1/me/favourites/procedure/${c.id}`, undefined, { cookie: student.cookie });
    const ordered = await optionsOf('competencies?for=proc', student.cookie);
    expect(ordered.map(({ id, pinned, recent }) => ({ id, pinned, recent }))).toEqual([
      { id: c.id, pinned: true, recent: undefined },
      { id: a.id, pinned: undefined, recent: true },
      { id: b.id, pinned: undefined, recent: true },
    ]);

    // Skills: the pinned second skill of A comes before its first.
    await put(t.app, `/api/v1/me/favourites/skill/${a.skills[1]}`, undefined, { cookie: student.cookie });
    const skills = await optionsOf(`skills?competencyId=${a.id}`, student.cookie);
    expect(skills.map((item) => item.title)).toEqual(['A second skill', 'A first skill']);
    expect(skills[0]?.pinned).toBe(true);

    // A teacher's lists keep their own order and say nothing of the student's pins.
    const faculty = await optionsOf('competencies?for=proc', w.cookieOf('faculty'));
    expect(faculty.map((item) => item.id)).toEqual([a.id, b.id, c.id]);
    expect(faculty.every((item) => item.pinned === undefined && item.recent === undefined)).toBe(true);
  });
});
