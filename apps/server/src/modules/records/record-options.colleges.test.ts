import { OPTION_MESSAGES } from '@pgel/shared/records/api';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competencies, specialities } from '../../db/schema/index';
import {
  buildTestApp,
  createUser,
  freshIp,
  get,
  linkDepartment,
  login,
  post,
  type TestApp,
} from '../../test/helpers';
import { createRecordsWorld, type RecordsWorld } from '../../test/records-world';
import { createCollegeRow } from '../../test/reference-world';

type Item = { id: string; title: string };

/**
 * Procedure and speciality titles belong to one college and department (issue 9): a college adds
 * a title another college already has as a row of its own, never learns that the other has it,
 * and a Master's title for every college wins over a college's own of the same name.
 */
describe('added titles are unique per college and department', () => {
  let t: TestApp;
  let w: RecordsWorld;
  /** A student of South, a second college running the same Medicine department. */
  let south: { cookie: string; collegeId: string };
  const north = () => w.actors.student.cookie;

  beforeAll(async () => {
    t = await buildTestApp();
    w = await createRecordsWorld(t);
    const college = await createCollegeRow(t.db, `South ${w.tag}`);
    await linkDepartment(t.db, college.id, w.medicine.department.id);
    const user = await createUser(t.db, {
      placement: { college, department: w.medicine.department, course: w.medicine.course },
    });
    south = {
      cookie: await login(t.app, user.email, user.password, 'student', { remoteAddress: freshIp() }),
      collegeId: college.id,
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  const add = async (list: 'procedures' | 'specialities', title: string, cookie: string) =>
    post(t.app, `/api/v1/records/options/${list}`, { title }, { cookie });
  /** What the report screen offers the caller, as ids of rows with this title (any case). */
  const offered = async (path: string, title: string, cookie: string) =>
    ((await get(t.app, `/api/v1/records/options/${path}`, { cookie })).json.items as Item[])
      .filter((item) => item.title.toLowerCase() === title.toLowerCase())
      .map((item) => item.id);
  /** The same through the reference list (`GET /competencies`, `GET /specialities`), searched. */
  const listed = async (path: string, title: string, cookie: string) =>
    (
      (await get(t.app, `/api/v1/${path}search=${encodeURIComponent(title)}`, { cookie })).json
        .items as Item[]
    )
      .filter((item) => item.title.toLowerCase() === title.toLowerCase())
      .map((item) => item.id);

  it.each([
    ['procedures', 'competencies?for=proc', 'competencies?type=proc&'],
    ['specialities', 'specialities', 'specialities?'],
  ] as const)(
    'Add %s: a title only another college has becomes the caller’s own row',
    async (list, optionsPath, referencePath) => {
      const title = `Lumbar puncture ${list} ${w.tag}`;
      const first = await add(list, title, north());
      expect(first.statusCode).toBe(201);
      const northId = (first.json.item as Item).id;

      // South types it in another case: its own row, its own spelling, nothing about North's.
      const typed = title.toUpperCase();
      const second = await add(list, typed, south.cookie);
      expect(second.statusCode).toBe(201);
      expect(second.json.message).toBe(
        list === 'procedures' ? OPTION_MESSAGES.procedureAdded : OPTION_MESSAGES.specialityAdded,
      );
      const southItem = second.json.item as Item;
      expect(southItem.id).not.toBe(northId);
      expect(southItem.title).toBe(typed);
      const table = list === 'procedures' ? competencies : specialities;
      const [row] = await t.db.select().from(table).where(eq(table.id, southItem.id));
      expect(row).toMatchObject({ collegeId: south.collegeId, departmentId: w.medicine.department.id });

      // Adding it again, in yet another case, gives South's row back and writes nothing.
      const again = await add(list, title.toLowerCase(), south.cookie);
      expect(again.statusCode).toBe(201);
      expect((again.json.item as Item).id).toBe(southItem.id);
      const [{ n } = { n: -1 }] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(
          and(eq(table.departmentId, w.medicine.department.id), sql`lower(${table.title}) = lower(${title})`),
        );
      expect(n).toBe(2);

      // Each college is offered only its own row.
      expect(await offered(optionsPath, title, north())).toEqual([northId]);
      expect(await offered(optionsPath, title, south.cookie)).toEqual([southItem.id]);
      expect(await listed(referencePath, title, north())).toEqual([northId]);
      expect(await listed(referencePath, title, south.cookie)).toEqual([southItem.id]);
    },
  );

  it('no answer tells a college that another college has a title', async () => {
    const title = `Pleural biopsy ${w.tag}`;
    await add('procedures', title, north());
    const response = await add('procedures', title, south.cookie);
    expect(response.statusCode).toBe(201);
    expect(response.body).not.toContain('already');
    expect((response.json.item as Item).title).toBe(title);
  });

  it.each([
    ['procedures', 'competencies', { type: 'proc' }, 'competencies?type=proc&', 'competencies?for=proc'],
    ['specialities', 'specialities', {}, 'specialities?', 'specialities'],
  ] as const)(
    'Master’s %s title for every college wins over a college’s own of the same name',
    async (list, adminPath, extra, referencePath, optionsPath) => {
      const title = `Ascitic tap ${list} ${w.tag}`;
      const own = ((await add(list, title, north())).json.item as Item).id;
      // Master's add skips only titles Master already has for every college.
      const byMaster = await post(
        t.app,
        `/api/v1/${adminPath}`,
        { departmentId: w.medicine.department.id, text: title, ...extra },
        { cookie: w.actors.master.cookie },
      );
      expect(byMaster.statusCode).toBe(201);
      expect(byMaster.json.created).toBe(1);
      const table = list === 'procedures' ? competencies : specialities;
      const [global] = await t.db
        .select({ id: table.id })
        .from(table)
        .where(and(sql`${table.collegeId} is null`, eq(table.title, title)));
      expect(global?.id).toBeDefined();
      expect(global?.id).not.toBe(own);

      // Both colleges are given the global row when they add it, and list it instead of their own.
      expect(((await add(list, title, north())).json.item as Item).id).toBe(global?.id);
      expect(((await add(list, title, south.cookie)).json.item as Item).id).toBe(global?.id);
      expect(await listed(referencePath, title, north())).toEqual([global?.id]);
      expect(await listed(referencePath, title, south.cookie)).toEqual([global?.id]);
      // The report screen's select offers the title once too.
      expect(await offered(optionsPath, title, north())).toEqual([global?.id]);
      expect(await offered(optionsPath, title, south.cookie)).toEqual([global?.id]);
      // Master sees every row.
      const all = await listed(referencePath, title, w.actors.master.cookie);
      expect(all.sort()).toEqual([global?.id, own].sort());

      // A second Master add of the same title (any case) is a repeat, as before.
      const repeat = await post(
        t.app,
        `/api/v1/${adminPath}`,
        { departmentId: w.medicine.department.id, text: title.toUpperCase(), ...extra },
        { cookie: w.actors.master.cookie },
      );
      expect(repeat.statusCode).toBe(409);
    },
  );
});
