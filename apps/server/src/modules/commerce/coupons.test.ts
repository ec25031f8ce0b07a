import { COUPON_MESSAGES } from '@pgel/shared/commerce/coupons';
import { PAYMENT_MESSAGES } from '@pgel/shared/commerce/payments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons } from '../../db/schema/index';
import {
  auditRowsFor,
  buildTestApp,
  createUser,
  del,
  freshIp,
  get,
  login,
  post,
  type TestApp,
  unique,
} from '../../test/helpers';
import { insertCouponRow } from './admin.fixtures';

type Item = {
  id: string;
  code: string;
  discountPaise: number;
  quantity: number;
  usedCount: number;
  remaining: number;
  status: string;
};

describe('coupons', () => {
  let t: TestApp;
  let master: string;
  let buyer: string;
  let paidStudent: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const signIn = async (role: 'master' | null, paid?: boolean) => {
      const u = await createUser(t.db, { role, ...(paid === undefined ? {} : { paid }) });
      return login(t.app, u.email, u.password, role ? 'staff' : 'student', { remoteAddress: freshIp() });
    };
    master = await signIn('master');
    buyer = await signIn(null, false);
    paidStudent = await signIn(null, true);
  });
  afterAll(async () => {
    await t?.close();
  });

  const liveRows = (code: string) => t.db.select().from(coupons).where(eq(coupons.code, code));
  const code = () => unique('Save').toLowerCase();

  describe('Create Coupon', () => {
    it('stores the code upper-cased and the discount in paise; audited', async () => {
      const typed = code();
      const response = await post(
        t.app,
        '/api/v1/coupons',
        { couponQty: '3', discount: 500, code: ` ${typed} ` },
        { cookie: master },
      );
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json.message).toBe(COUPON_MESSAGES.created);
      expect(response.json.coupon).toMatchObject({
        code: typed.toUpperCase(),
        discountPaise: 50_000,
        quantity: 3,
        usedCount: 0,
        remaining: 3,
        status: 'available',
      });
      const [row] = await liveRows(typed.toUpperCase());
      expect(row).toMatchObject({ discountPaise: 50_000, quantity: 3, usedCount: 0, deletedAt: null });
      const audit = await auditRowsFor(t.db, 'coupon', row?.id ?? '');
      expect(audit.map((a) => a.action)).toEqual(['coupon.create']);
    });

    it('refuses a code a live coupon has, whatever its case (409), writing nothing', async () => {
      const typed = code();
      expect(
        (await post(t.app, '/api/v1/coupons', { couponQty: 1, discount: 1, code: typed }, { cookie: master }))
          .statusCode,
      ).toBe(201);
      const again = await post(
        t.app,
        '/api/v1/coupons',
        { couponQty: 9, discount: 9, code: typed.toUpperCase() },
        { cookie: master },
      );
      expect(again.statusCode).toBe(409);
      expect(again.json.message).toBe(COUPON_MESSAGES.codeTaken);
      expect(await liveRows(typed.toUpperCase())).toHaveLength(1);
    });

    it('of several creates of one code at once, exactly one succeeds', async () => {
      const typed = code();
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          post(t.app, '/api/v1/coupons', { couponQty: i + 1, discount: 10, code: typed }, { cookie: master }),
        ),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      for (const r of responses.filter((x) => x.statusCode === 409))
        expect(r.json.message).toBe(COUPON_MESSAGES.codeTaken);
      expect(await liveRows(typed.toUpperCase())).toHaveLength(1);
    });

    it.each([
      ['a quantity of 0', { couponQty: 0, discount: 10 }, COUPON_MESSAGES.valueNotPositive],
      ['a negative discount', { couponQty: 1, discount: -5 }, COUPON_MESSAGES.valueNotPositive],
      ['a code of 5 characters', { couponQty: 1, discount: 10, code: 'ABCDE' }, COUPON_MESSAGES.codeTooShort],
      [
        'a code with spaces',
        { couponQty: 1, discount: 10, code: 'SAVE 100' },
        COUPON_MESSAGES.codeCharacters,
      ],
    ])('refuses %s with 400', async (_label, body, message) => {
      const fallback = code();
      const response = await post(t.app, '/api/v1/coupons', { code: fallback, ...body }, { cookie: master });
      expect(response.statusCode).toBe(400);
      expect(response.json.message).toBe(message);
      expect(await liveRows(fallback.toUpperCase())).toEqual([]);
    });
  });

  describe('the list', () => {
    it('shows live coupons newest first with QTY = uses left and Used once all are taken', async () => {
      const tag = unique('LST').toUpperCase();
      const older = await insertCouponRow(t.db, {
        code: `${tag}OLD`,
        quantity: 4,
        usedCount: 1,
        createdAt: new Date(Date.now() - 60_000),
      });
      const used = await insertCouponRow(t.db, { code: `${tag}USED`, quantity: 2, usedCount: 2 });
      await insertCouponRow(t.db, { code: `${tag}GONE`, deleted: true });
      const response = await get(t.app, `/api/v1/coupons?search=${tag.toLowerCase()}`, { cookie: master });
      expect(response.statusCode).toBe(200);
      expect(response.json.total).toBe(2);
      const items = response.json.items as Item[];
      expect(items.map((i) => [i.code, i.remaining, i.status])).toEqual([
        [used.code, 0, 'used'],
        [older.code, 3, 'available'],
      ]);
      const onlyUsed = await get(t.app, `/api/v1/coupons?search=${tag}&status=used`, { cookie: master });
      expect((onlyUsed.json.items as Item[]).map((i) => i.id)).toEqual([used.id]);
      const paged = await get(t.app, `/api/v1/coupons?search=${tag}&pageSize=5&page=2`, { cookie: master });
      expect(paged.json).toMatchObject({ items: [], total: 2, page: 2, pageSize: 5 });
    });
  });

  describe('delete', () => {
    it('soft-deletes: the row stays, the list and validate forget it, the code is free again', async () => {
      const typed = code().toUpperCase();
      const coupon = await insertCouponRow(t.db, { code: typed });
      const response = await del(t.app, `/api/v1/coupons/${coupon.id}`, { cookie: master });
      expect(response.statusCode).toBe(200);
      expect(response.json.message).toBe(COUPON_MESSAGES.deleted);
      const [row] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
      expect(row?.deletedAt).not.toBeNull();
      expect((await auditRowsFor(t.db, 'coupon', coupon.id)).map((a) => a.action)).toEqual(['coupon.delete']);

      const list = await get(t.app, `/api/v1/coupons?search=${typed}`, { cookie: master });
      expect(list.json.total).toBe(0);
      const applied = await post(t.app, '/api/v1/coupons/validate', { code: typed }, { cookie: buyer });
      expect(applied.statusCode).toBe(404);
      expect(applied.json.message).toBe(COUPON_MESSAGES.invalid);
      const again = await del(t.app, `/api/v1/coupons/${coupon.id}`, { cookie: master });
      expect(again.statusCode).toBe(404);
      expect(again.json.message).toBe(COUPON_MESSAGES.notFound);
      const recreated = await post(
        t.app,
        '/api/v1/coupons',
        { couponQty: 1, discount: 1, code: typed },
        { cookie: master },
      );
      expect(recreated.statusCode).toBe(201);
    });

    it('answers 404 for an unknown or malformed id', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'abc']) {
        expect((await del(t.app, `/api/v1/coupons/${id}`, { cookie: master })).statusCode).toBe(404);
      }
    });
  });

  describe('Apply (validate)', () => {
    it('answers the discount for a live code in any case, taking no use', async () => {
      const coupon = await insertCouponRow(t.db, { quantity: 2, usedCount: 1, discountPaise: 75_050 });
      const response = await post(
        t.app,
        '/api/v1/coupons/validate',
        { code: ` ${coupon.code.toLowerCase()} ` },
        { cookie: buyer },
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json).toEqual({
        message: COUPON_MESSAGES.applied,
        code: coupon.code,
        discountPaise: 75_050,
      });
      const [row] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
      expect(row?.usedCount).toBe(1);
    });

    it('says a used-up code is used (409) and an unknown one invalid (404)', async () => {
      const used = await insertCouponRow(t.db, { quantity: 1, usedCount: 1 });
      const r1 = await post(t.app, '/api/v1/coupons/validate', { code: used.code }, { cookie: buyer });
      expect([r1.statusCode, r1.json.message]).toEqual([409, COUPON_MESSAGES.used]);
      const r2 = await post(t.app, '/api/v1/coupons/validate', { code: 'NOSUCHCODE' }, { cookie: buyer });
      expect([r2.statusCode, r2.json.message]).toEqual([404, COUPON_MESSAGES.invalid]);
      const r3 = await post(t.app, '/api/v1/coupons/validate', { code: '  ' }, { cookie: buyer });
      expect([r3.statusCode, r3.json.message]).toEqual([400, COUPON_MESSAGES.codeRequired]);
    });

    it('refuses a student who has already paid (403) and staff (403)', async () => {
      const coupon = await insertCouponRow(t.db);
      const paid = await post(
        t.app,
        '/api/v1/coupons/validate',
        { code: coupon.code },
        { cookie: paidStudent },
      );
      expect([paid.statusCode, paid.json.message]).toEqual([403, PAYMENT_MESSAGES.alreadyPaid]);
      const staff = await post(t.app, '/api/v1/coupons/validate', { code: coupon.code }, { cookie: master });
      expect(staff.statusCode).toBe(403);
    });
  });
});
