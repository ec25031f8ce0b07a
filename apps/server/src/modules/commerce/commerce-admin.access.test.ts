import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, collegePackages, coupons, integrationTokens, packages } from '../../db/schema/index';
import {
  buildTestApp,
  createPlacement,
  createUser,
  freshIp,
  inject,
  login,
  type TestApp,
  type TestResponse,
  unique,
} from '../../test/helpers';
import { insertCouponRow, insertPackageRow } from './admin.fixtures';

const WHO = ['anonymous', 'student', 'anotherStudent', 'hod', 'master'] as const;
type Who = (typeof WHO)[number];
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Prepared = { url: string; body?: unknown; verify?: (response: TestResponse) => Promise<void> };
type Case = {
  route: string;
  method: Method;
  status: Record<Who, number>;
  prepare: (who: Who) => Promise<Prepared>;
};

const masterOnly = (ok: number): Record<Who, number> => ({
  anonymous: 401,
  student: 403,
  anotherStudent: 403,
  hod: 403,
  master: ok,
});

/**
 * Every commerce-admin and CRM route for every kind of caller. 'student' has not paid (may buy);
 * 'anotherStudent' has. A refused write leaves its table and the audit log as they were.
 */
describe('commerce admin and CRM: every route for every kind of caller', () => {
  let t: TestApp;
  const cookies: Partial<Record<Who, string>> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    const placement = await createPlacement(t.db);
    const signIn = async (role: 'hod' | 'master' | null, paid: boolean) => {
      const u = await createUser(t.db, { role, placement: role === 'master' ? undefined : placement, paid });
      return login(t.app, u.email, u.password, role ? 'staff' : 'student', { remoteAddress: freshIp() });
    };
    cookies.student = await signIn(null, false);
    cookies.anotherStudent = await signIn(null, true);
    cookies.hod = await signIn('hod', false);
    cookies.master = await signIn('master', false);
  });
  afterAll(async () => {
    await t?.close();
  });

  const auditCount = async (entity: string) =>
    Number((await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entity, entity)))[0]?.n ?? 0);

  /** Checks the write happened exactly when it was allowed, audit row included. */
  const audited = async (entity: string, wrote: () => Promise<boolean>) => {
    const before = await auditCount(entity);
    return async (response: TestResponse) => {
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      expect(await wrote()).toBe(ok);
      expect(await auditCount(entity)).toBe(before + (ok ? 1 : 0));
    };
  };

  const packageRow = async (id: string) => (await t.db.select().from(packages).where(eq(packages.id, id)))[0];
  const couponRow = async (id: string) => (await t.db.select().from(coupons).where(eq(coupons.id, id)))[0];
  const packageForm = (title: string) => ({ title, price: 100, offerPrice: 90 });

  const cases: Case[] = [
    {
      route: 'GET /packages',
      method: 'GET',
      status: { anonymous: 401, student: 200, anotherStudent: 200, hod: 200, master: 200 },
      prepare: async (who) => {
        const hidden = await insertPackageRow(t.db, { active: false });
        return {
          url: '/api/v1/packages',
          verify: async (response) => {
            if (response.statusCode !== 200) return expect(response.json.items).toBeUndefined();
            const listed = (response.json.items as Array<{ id: string }>).some((i) => i.id === hidden.id);
            // Hidden packages are Master's alone.
            expect(listed).toBe(who === 'master');
          },
        };
      },
    },
    {
      route: 'POST /packages',
      method: 'POST',
      status: masterOnly(201),
      prepare: async () => {
        const title = unique('Access package ');
        return {
          url: '/api/v1/packages',
          body: packageForm(title),
          verify: await audited(
            'package',
            async () => (await t.db.select().from(packages).where(eq(packages.title, title))).length === 1,
          ),
        };
      },
    },
    {
      route: 'PUT /packages/:id',
      method: 'PUT',
      status: masterOnly(200),
      prepare: async () => {
        const row = await insertPackageRow(t.db);
        const title = unique('Renamed ');
        return {
          url: `/api/v1/packages/${row.id}`,
          body: packageForm(title),
          verify: await audited('package', async () => (await packageRow(row.id))?.title === title),
        };
      },
    },
    {
      route: 'DELETE /packages/:id',
      method: 'DELETE',
      status: masterOnly(200),
      prepare: async () => {
        const row = await insertPackageRow(t.db);
        return {
          url: `/api/v1/packages/${row.id}`,
          verify: await audited('package', async () => (await packageRow(row.id)) === undefined),
        };
      },
    },
    {
      route: 'GET /colleges/:collegeId/packages',
      method: 'GET',
      status: masterOnly(200),
      prepare: async () => {
        const { college } = await createPlacement(t.db);
        return {
          url: `/api/v1/colleges/${college.id}/packages`,
          verify: async (response) => {
            if (response.statusCode !== 200) return expect(response.json.items).toBeUndefined();
            expect(response.json.college).toMatchObject({ id: college.id });
          },
        };
      },
    },
    {
      route: 'PUT /colleges/:collegeId/packages',
      method: 'PUT',
      status: masterOnly(200),
      prepare: async () => {
        const { college } = await createPlacement(t.db);
        const [group] = await t.db.select().from(packages).where(eq(packages.title, 'Group'));
        return {
          url: `/api/v1/colleges/${college.id}/packages`,
          body: { packageIds: [group?.id] },
          verify: await audited(
            'college',
            async () =>
              (await t.db.select().from(collegePackages).where(eq(collegePackages.collegeId, college.id)))
                .length === 1,
          ),
        };
      },
    },
    {
      route: 'GET /coupons',
      method: 'GET',
      status: masterOnly(200),
      prepare: async () => ({ url: '/api/v1/coupons' }),
    },
    {
      route: 'POST /coupons',
      method: 'POST',
      status: masterOnly(201),
      prepare: async () => {
        const code = unique('ACCESS').toUpperCase();
        return {
          url: '/api/v1/coupons',
          body: { couponQty: 2, discount: 100, code },
          verify: await audited(
            'coupon',
            async () => (await t.db.select().from(coupons).where(eq(coupons.code, code))).length === 1,
          ),
        };
      },
    },
    {
      route: 'DELETE /coupons/:id',
      method: 'DELETE',
      status: masterOnly(200),
      prepare: async () => {
        const row = await insertCouponRow(t.db);
        return {
          url: `/api/v1/coupons/${row.id}`,
          verify: await audited('coupon', async () => (await couponRow(row.id))?.deletedAt !== null),
        };
      },
    },
    {
      route: 'POST /coupons/validate',
      method: 'POST',
      status: { anonymous: 401, student: 200, anotherStudent: 403, hod: 403, master: 403 },
      prepare: async () => {
        const row = await insertCouponRow(t.db, { quantity: 3, usedCount: 1 });
        return {
          url: '/api/v1/coupons/validate',
          body: { code: row.code },
          // Apply is a check only: no use is taken, whoever asks.
          verify: async () => expect((await couponRow(row.id))?.usedCount).toBe(1),
        };
      },
    },
    {
      route: 'GET /referrals',
      method: 'GET',
      status: masterOnly(200),
      prepare: async () => ({ url: '/api/v1/referrals' }),
    },
    {
      route: 'GET /coupon-payments',
      method: 'GET',
      status: masterOnly(200),
      prepare: async () => ({ url: '/api/v1/coupon-payments' }),
    },
    {
      route: 'POST /crm/zoho/callback',
      method: 'POST',
      // This app has no ZOHO_* settings: Master is told so; nobody else learns even that.
      status: masterOnly(409),
      prepare: async () => ({
        url: '/api/v1/crm/zoho/callback',
        body: { code: 'some-code' },
        verify: async () => {
          expect(await t.db.select().from(integrationTokens)).toEqual([]);
          expect(await auditCount('integration')).toBe(0);
        },
      }),
    },
  ];

  for (const c of cases) {
    for (const who of WHO) {
      it(`${c.route} as ${who} -> ${c.status[who]}`, async () => {
        const prepared = await c.prepare(who);
        const response = await inject(t.app, c.method, prepared.url, prepared.body, { cookie: cookies[who] });
        expect(response.statusCode, response.body).toBe(c.status[who]);
        await prepared.verify?.(response);
      });
    }
  }

  it('documents every route in the OpenAPI description', async () => {
    const response = await inject(t.app, 'GET', '/api/v1/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json.paths as Record<string, unknown>)).toEqual(
      expect.arrayContaining([
        '/api/v1/packages',
        '/api/v1/packages/{id}',
        '/api/v1/colleges/{collegeId}/packages',
        '/api/v1/coupons',
        '/api/v1/coupons/{id}',
        '/api/v1/coupons/validate',
        '/api/v1/referrals',
        '/api/v1/coupon-payments',
        '/api/v1/crm/zoho/callback',
      ]),
    );
  });
});
