import { PACKAGE_MESSAGES } from '@pgel/shared/commerce/packages';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collegePackages, paymentOrders } from '../../db/schema/index';
import {
  auditRowsFor,
  buildTestApp,
  createPlacement,
  createUser,
  freshIp,
  get,
  login,
  type Placement,
  put,
  type TestApp,
} from '../../test/helpers';
import { createCoupon, createOrder, seededPackage, studentWithSession } from '../../test/payments-world';
import { insertPackageRow } from './admin.fixtures';

type Item = { id: string; title: string; offeredEverywhere: boolean; colleges?: Array<{ name: string }> };
type CollegeItem = { id: string; title: string; offeredEverywhere: boolean; enabled: boolean };

/**
 * Packages offered per college (issue 28): every college has Single; Master enables the others
 * for a college; the cart lists what the student's college is offered and the server refuses an
 * order for anything else, whatever the page sends.
 */
describe('packages per college', () => {
  let t: TestApp;
  let master: string;
  let college: Placement;
  let otherCollege: Placement;
  let single: Awaited<ReturnType<typeof seededPackage>>;
  let group: Awaited<ReturnType<typeof seededPackage>>;
  let university: Awaited<ReturnType<typeof seededPackage>>;

  beforeAll(async () => {
    t = await buildTestApp();
    const m = await createUser(t.db, { role: 'master' });
    master = await login(t.app, m.email, m.password, 'staff', { remoteAddress: freshIp() });
    college = await createPlacement(t.db);
    otherCollege = await createPlacement(t.db);
    single = await seededPackage(t.db, 'Single');
    group = await seededPackage(t.db, 'Group');
    university = await seededPackage(t.db, 'University');
  });
  afterAll(async () => {
    await t?.close();
  });

  const cart = async (cookie: string) =>
    ((await get(t.app, '/api/v1/packages', { cookie })).json.items as Item[]).map((i) => i.title);
  const ordersOf = async (userId: string) =>
    (await t.db.select({ n: count() }).from(paymentOrders).where(eq(paymentOrders.userId, userId)))[0]?.n;
  const setPackages = (collegeId: string, packageIds: string[], cookie = master) =>
    put(t.app, `/api/v1/colleges/${collegeId}/packages`, { packageIds }, { cookie });
  const enabledRows = async (collegeId: string) =>
    (await t.db.select().from(collegePackages).where(eq(collegePackages.collegeId, collegeId))).map(
      (r) => r.packageId,
    );

  it('a student is offered Single only until Master enables more, and is refused the others', async () => {
    const student = await studentWithSession(t.db, { placement: college });
    expect(await cart(student.cookie)).toEqual(['Single']);

    // The bug of the issue: the ₹2,999 University package instead of Single. With a coupon too.
    const coupon = await createCoupon(t.db, { discountPaise: 50_000, quantity: 5 });
    for (const body of [
      { packageId: university.id, gateway: 'sandbox' },
      { packageId: university.id, gateway: 'sandbox', couponCode: coupon.code },
      // Another college's id in the body changes nothing: the college is the student's own.
      { packageId: university.id, gateway: 'sandbox', collegeId: otherCollege.college.id },
    ]) {
      const refused = await createOrder(t.app, student.cookie, body);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json.message).toBe(PACKAGE_MESSAGES.notOffered);
    }
    expect(await ordersOf(student.id)).toBe(0);

    const bought = await createOrder(t.app, student.cookie, { packageId: single.id, gateway: 'sandbox' });
    expect(bought.statusCode, bought.body).toBe(201);
  });

  it('Master enables Group for one college: its students see and buy it, the other college does not', async () => {
    const saved = await setPackages(college.college.id, [group.id]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json.message).toBe(PACKAGE_MESSAGES.collegePackagesSaved);
    expect(saved.json.college).toEqual({ id: college.college.id, name: college.college.name });
    const items = saved.json.items as CollegeItem[];
    expect(items.map((i) => [i.title, i.offeredEverywhere, i.enabled])).toEqual([
      ['Single', true, false],
      ['Group', false, true],
      ['Institutional', false, false],
      ['University', false, false],
    ]);
    expect(await enabledRows(college.college.id)).toEqual([group.id]);
    const audit = await auditRowsFor(t.db, 'college', college.college.id);
    expect(audit.map((a) => a.action)).toEqual(['college.packages.set']);
    expect(audit[0]?.before).toEqual({ packages: [] });
    expect(audit[0]?.after).toEqual({
      packages: [{ id: group.id, title: 'Group' }],
      enabled: [{ id: group.id, title: 'Group' }],
      disabled: [],
    });

    // Master's GET and /managePackages tell the same.
    const read = await get(t.app, `/api/v1/colleges/${college.college.id}/packages`, { cookie: master });
    expect(read.statusCode).toBe(200);
    expect((read.json.items as CollegeItem[]).filter((i) => i.enabled).map((i) => i.title)).toEqual([
      'Group',
    ]);
    const masterList = (await get(t.app, '/api/v1/packages', { cookie: master })).json.items as Item[];
    expect(masterList.find((i) => i.id === group.id)?.colleges).toEqual([
      { id: college.college.id, name: college.college.name },
    ]);
    expect(masterList.find((i) => i.id === single.id)).toMatchObject({
      offeredEverywhere: true,
      colleges: [],
    });

    const student = await studentWithSession(t.db, { placement: college });
    expect(await cart(student.cookie)).toEqual(['Single', 'Group']);
    const bought = await createOrder(t.app, student.cookie, { packageId: group.id, gateway: 'sandbox' });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json.order).toMatchObject({ packageId: group.id, packageTitle: 'Group' });

    const elsewhere = await studentWithSession(t.db, { placement: otherCollege });
    expect(await cart(elsewhere.cookie)).toEqual(['Single']);
    const refused = await createOrder(t.app, elsewhere.cookie, { packageId: group.id, gateway: 'sandbox' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json.message).toBe(PACKAGE_MESSAGES.notOffered);
    expect(await ordersOf(elsewhere.id)).toBe(0);
  });

  it('Master disables it again: the next order is refused, the change audited', async () => {
    await setPackages(college.college.id, [group.id]);
    const saved = await setPackages(college.college.id, []);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await enabledRows(college.college.id)).toEqual([]);
    const audit = await auditRowsFor(t.db, 'college', college.college.id);
    const disabling = audit.filter((a) => (a.after as { disabled: unknown[] }).disabled.length > 0);
    expect(disabling.map((a) => a.after)).toEqual([
      {
        packages: [],
        enabled: [],
        disabled: [{ id: group.id, title: 'Group' }],
      },
    ]);
    const student = await studentWithSession(t.db, { placement: college });
    expect(await cart(student.cookie)).toEqual(['Single']);
    const refused = await createOrder(t.app, student.cookie, { packageId: group.id, gateway: 'sandbox' });
    expect(refused.statusCode).toBe(403);
    expect(await ordersOf(student.id)).toBe(0);
  });

  it('answers 404 for an unknown college and 400 for an unknown package, writing nothing', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await setPackages(id, [group.id]);
      expect(missing.statusCode).toBe(404);
      expect(missing.json.message).toBe(PACKAGE_MESSAGES.collegeNotFound);
      expect((await get(t.app, `/api/v1/colleges/${id}/packages`, { cookie: master })).statusCode).toBe(404);
    }
    for (const packageId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const bad = await setPackages(otherCollege.college.id, [group.id, packageId]);
      expect(bad.statusCode).toBe(400);
      expect(bad.json.message).toBe(PACKAGE_MESSAGES.notFound);
    }
    expect(await enabledRows(otherCollege.college.id)).toEqual([]);
  });

  it('a package Master marks offered everywhere is on every cart; an edit without the flag keeps it', async () => {
    const created = await insertPackageRow(t.db, { title: 'Everywhere plan' });
    const elsewhere = await studentWithSession(t.db, { placement: otherCollege });
    expect(await cart(elsewhere.cookie)).not.toContain('Everywhere plan');
    const form = { title: 'Everywhere plan', price: 1000, offerPrice: 900 };
    const marked = await put(
      t.app,
      `/api/v1/packages/${created.id}`,
      { ...form, offeredEverywhere: true },
      { cookie: master },
    );
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json.package).toMatchObject({ offeredEverywhere: true });
    expect(await cart(elsewhere.cookie)).toContain('Everywhere plan');
    const audit = await auditRowsFor(t.db, 'package', created.id);
    expect(audit.at(-1)?.before).toMatchObject({ offeredEverywhere: false });
    expect(audit.at(-1)?.after).toMatchObject({ offeredEverywhere: true });

    const edited = await put(
      t.app,
      `/api/v1/packages/${created.id}`,
      { ...form, price: 1200 },
      { cookie: master },
    );
    expect(edited.json.package).toMatchObject({ offeredEverywhere: true, pricePaise: 120_000 });
    const bought = await createOrder(t.app, elsewhere.cookie, { packageId: created.id, gateway: 'sandbox' });
    expect(bought.statusCode, bought.body).toBe(201);
  });
});
