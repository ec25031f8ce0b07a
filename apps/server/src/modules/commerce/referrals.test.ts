import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import {
  buildTestApp,
  createPlacement,
  createUser,
  freshIp,
  get,
  login,
  type Placement,
  type TestApp,
} from '../../test/helpers';
import { insertCouponRow, insertOrder } from './admin.fixtures';

type Payment = {
  amountPaise: number;
  couponCode: string | null;
  paymentId: string;
  gateway: string;
  paidAt: string;
};
type Referred = {
  id: string;
  name: string;
  phone: string | null;
  email: string;
  college: string | null;
  department: string | null;
  payment: Payment | null;
};
type Sponsor = {
  id: string;
  name: string;
  email: string;
  referralId: string;
  kind: string;
  referrals: Referred[];
  paidCount: number;
};
type CouponPayment = Payment & {
  id: string;
  studentName: string;
  studentEmail: string;
  college: string | null;
  department: string | null;
  discountPaise: number;
};

describe('referrals and coupon payments', () => {
  let t: TestApp;
  let master: string;
  let north: Placement;
  let south: Placement;
  const ids: Record<string, string> = {};
  const paymentIds: Record<string, string> = {};

  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

  beforeAll(async () => {
    t = await buildTestApp();
    const m = await createUser(t.db, { role: 'master' });
    master = await login(t.app, m.email, m.password, 'staff', { remoteAddress: freshIp() });
    north = await createPlacement(t.db, { collegeName: 'North Ref College', departmentName: 'Ref Medicine' });
    south = await createPlacement(t.db, { collegeName: 'South Ref College', departmentName: 'Ref Surgery' });

    const sponsorA = await createUser(t.db, {
      role: 'professor',
      placement: north,
      name: 'Dr. Alpha Sponsor',
    });
    const sponsorB = await createUser(t.db, { name: 'Dr. Beta Sponsor', placement: south });
    const nobody = await createUser(t.db, { role: 'hod', placement: north, name: 'Dr. Gamma Nobody' });
    ids.sponsorA = sponsorA.id;
    ids.sponsorB = sponsorB.id;
    const referredBy = async (
      sponsorId: string,
      name: string,
      placement: Placement,
      role: 'professor' | null = null,
    ) => {
      const u = await createUser(t.db, { name, placement, role, phone: '9000000001', paid: false });
      await t.db.update(users).set({ sponsorId }).where(eq(users.id, u.id));
      return u.id;
    };
    ids.anu = await referredBy(sponsorA.id, 'Anu Paid Twice', north);
    ids.bala = await referredBy(sponsorA.id, 'Bala Unpaid', south);
    ids.chitra = await referredBy(sponsorB.id, 'Chitra Coupon', north);
    // A staff account with a sponsor (not a sign-up) does not make its sponsor one.
    await referredBy(nobody.id, 'Staff Referred', north, 'professor');

    const coupon = await insertCouponRow(t.db, { code: 'REFCOUPON1', discountPaise: 100_000 });
    const couponRef = { id: coupon.id, code: coupon.code, discountPaise: coupon.discountPaise };
    await insertOrder(t.db, { userId: ids.anu, paidAt: at(60) });
    const latest = await insertOrder(t.db, { userId: ids.anu, paidAt: at(10), coupon: couponRef });
    paymentIds.anu = latest.gatewayPaymentId ?? '';
    await insertOrder(t.db, { userId: ids.anu, status: 'created' });
    await insertOrder(t.db, { userId: ids.bala, status: 'failed', coupon: couponRef });
    await insertOrder(t.db, { userId: ids.bala, status: 'refund_due', coupon: couponRef });
    const chitra = await insertOrder(t.db, { userId: ids.chitra, paidAt: at(5), coupon: couponRef });
    paymentIds.chitra = chitra.gatewayPaymentId ?? '';
    ids.latestAnu = latest.id;
    ids.chitraOrder = chitra.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const sponsors = async (query = '') => {
    const response = await get(t.app, `/api/v1/referrals${query}`, { cookie: master });
    expect(response.statusCode, response.body).toBe(200);
    return response.json as { items: Sponsor[]; total: number };
  };

  it('lists each sponsor with the students they referred and their latest verified payment', async () => {
    const page = await sponsors();
    expect(page.total).toBe(2);
    const [a, b] = page.items;
    expect(a).toMatchObject({ id: ids.sponsorA, name: 'Dr. Alpha Sponsor', kind: 'Professor', paidCount: 1 });
    expect(a?.referrals.map((r) => [r.name, r.college, r.department, r.phone])).toEqual([
      ['Anu Paid Twice', 'North Ref College', 'Ref Medicine', '9000000001'],
      ['Bala Unpaid', 'South Ref College', 'Ref Surgery', '9000000001'],
    ]);
    expect(a?.referrals[0]?.payment).toMatchObject({
      paymentId: paymentIds.anu,
      couponCode: 'REFCOUPON1',
      gateway: 'sandbox',
    });
    expect(a?.referrals[1]?.payment).toBeNull();
    expect(b).toMatchObject({ id: ids.sponsorB, kind: 'Student', paidCount: 1 });
    expect(b?.referrals.map((r) => r.id)).toEqual([ids.chitra]);
  });

  it('narrows to the referred students of a college or department', async () => {
    const byCollege = await sponsors(`?collegeId=${north.college.id}`);
    expect(byCollege.items.map((s) => [s.name, s.referrals.map((r) => r.name)])).toEqual([
      ['Dr. Alpha Sponsor', ['Anu Paid Twice']],
      ['Dr. Beta Sponsor', ['Chitra Coupon']],
    ]);
    const byDepartment = await sponsors(`?departmentId=${south.department.id}`);
    expect(byDepartment.items.map((s) => [s.name, s.referrals.map((r) => r.name)])).toEqual([
      ['Dr. Alpha Sponsor', ['Bala Unpaid']],
    ]);
  });

  it('finds a sponsor by their name, their referral id or a student they referred; pages', async () => {
    expect((await sponsors('?search=beta')).items.map((s) => s.id)).toEqual([ids.sponsorB]);
    expect((await sponsors('?search=bala')).items.map((s) => s.id)).toEqual([ids.sponsorA]);
    const all = await sponsors();
    const referralId = all.items[1]?.referralId ?? '';
    expect((await sponsors(`?search=${referralId}`)).items.map((s) => s.id)).toEqual([ids.sponsorB]);
    const second = await sponsors('?pageSize=5&page=2');
    expect(second).toMatchObject({ items: [], total: 2 });
  });

  describe('coupon payments', () => {
    const list = async (query = '') => {
      const response = await get(t.app, `/api/v1/coupon-payments${query}`, { cookie: master });
      expect(response.statusCode, response.body).toBe(200);
      return response.json as { items: CouponPayment[]; total: number };
    };

    it('lists verified payments made with a coupon, newest first, with the student', async () => {
      const page = await list();
      expect(page.total).toBe(2);
      expect(page.items.map((p) => p.id)).toEqual([ids.chitraOrder, ids.latestAnu]);
      expect(page.items[0]).toMatchObject({
        studentName: 'Chitra Coupon',
        college: 'North Ref College',
        department: 'Ref Medicine',
        couponCode: 'REFCOUPON1',
        discountPaise: 100_000,
        paymentId: paymentIds.chitra,
        gateway: 'sandbox',
      });
      // Single: 9,999 - 1,000 = 8,999 rupees, plus 18 % GST.
      expect(page.items[0]?.amountPaise).toBe(899_900 + 161_982);
    });

    it('filters by college and department and searches', async () => {
      expect((await list(`?departmentId=${south.department.id}`)).total).toBe(0);
      expect((await list(`?collegeId=${north.college.id}`)).total).toBe(2);
      expect((await list('?search=chitra')).items.map((p) => p.id)).toEqual([ids.chitraOrder]);
      expect((await list('?search=refcoupon1')).total).toBe(2);
      expect((await list('?search=nothing-like-this')).total).toBe(0);
    });
  });
});
