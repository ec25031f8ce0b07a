import { PACKAGE_MESSAGES } from '@pgel/shared/commerce/packages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packages } from '../../db/schema/index';
import {
  auditRowsFor,
  buildTestApp,
  createUser,
  del,
  freshIp,
  get,
  login,
  post,
  put,
  type TestApp,
} from '../../test/helpers';
import { insertOrder, insertPackageRow } from './admin.fixtures';

type Item = {
  id: string;
  title: string;
  pricePaise: number;
  offerPricePaise: number;
  active: boolean;
  sortOrder: number;
  offeredEverywhere: boolean;
};

describe('packages', () => {
  let t: TestApp;
  let master: string;
  let student: string;
  let buyer: { id: string };

  beforeAll(async () => {
    t = await buildTestApp();
    const m = await createUser(t.db, { role: 'master' });
    master = await login(t.app, m.email, m.password, 'staff', { remoteAddress: freshIp() });
    const s = await createUser(t.db, { paid: false });
    buyer = s;
    student = await login(t.app, s.email, s.password, 'student', { remoteAddress: freshIp() });
  });
  afterAll(async () => {
    await t?.close();
  });

  const form = (over: Record<string, unknown> = {}) => ({
    title: 'Two-year plan',
    description: 'For residents who joined late.',
    price: 8999.5,
    offerPrice: '7999.99',
    validityMonths: 24,
    active: true,
    sortOrder: 5,
    ...over,
  });
  const rowOf = async (id: string) => (await t.db.select().from(packages).where(eq(packages.id, id)))[0];

  it('offers a student Single, the one package every college has; Master sees the four in cart order, prices in paise', async () => {
    const response = await get(t.app, '/api/v1/packages', { cookie: student });
    expect(response.statusCode).toBe(200);
    const items = response.json.items as Item[];
    expect(items.map((i) => [i.title, i.pricePaise, i.offerPricePaise])).toEqual([
      ['Single', 999900, 999900],
    ]);
    const masterView = (await get(t.app, '/api/v1/packages', { cookie: master })).json.items as Item[];
    expect(masterView.map((i) => [i.title, i.pricePaise, i.offerPricePaise, i.offeredEverywhere])).toEqual([
      ['Single', 999900, 999900, true],
      ['Group', 599900, 599900, false],
      ['Institutional', 499900, 499900, false],
      ['University', 299900, 299900, false],
    ]);
  });

  it('Master adds a package: rupees in, paise stored, audited', async () => {
    const response = await post(t.app, '/api/v1/packages', form(), { cookie: master });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json.message).toBe(PACKAGE_MESSAGES.saved);
    const saved = response.json.package as Item;
    expect(saved).toMatchObject({
      title: 'Two-year plan',
      pricePaise: 899950,
      offerPricePaise: 799999,
      active: true,
    });
    const row = await rowOf(saved.id);
    expect(row).toMatchObject({
      pricePaise: 899950,
      offerPricePaise: 799999,
      validityMonths: 24,
      sortOrder: 5,
    });
    const audit = await auditRowsFor(t.db, 'package', saved.id);
    expect(audit.map((a) => a.action)).toEqual(['package.create']);
  });

  it.each([
    ['no title', { title: '  ' }, PACKAGE_MESSAGES.titleRequired],
    ['a zero price', { price: 0 }, PACKAGE_MESSAGES.priceInvalid],
    ['a price with three decimals', { price: 10.005 }, PACKAGE_MESSAGES.priceInvalid],
    ['an offer above the price', { price: 100, offerPrice: 101 }, PACKAGE_MESSAGES.offerAbovePrice],
    ['a validity of 0 months', { validityMonths: 0 }, PACKAGE_MESSAGES.validityInvalid],
  ])('refuses %s with 400 and writes nothing', async (_label, over, message) => {
    const title = `Refused ${Math.random()}`;
    const response = await post(t.app, '/api/v1/packages', form({ title, ...over }), { cookie: master });
    expect(response.statusCode).toBe(400);
    expect(response.json.message).toBe(message);
    expect(await t.db.select().from(packages).where(eq(packages.title, title))).toEqual([]);
  });

  it("Master edits a package; hidden packages leave the cart but stay on Master's list", async () => {
    const created = await insertPackageRow(t.db, { title: 'To hide' });
    const response = await put(
      t.app,
      `/api/v1/packages/${created.id}`,
      form({ title: 'Hidden plan', price: 500, offerPrice: 450, active: false }),
      { cookie: master },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json.package).toMatchObject({
      title: 'Hidden plan',
      pricePaise: 50000,
      offerPricePaise: 45000,
      active: false,
    });
    expect(await rowOf(created.id)).toMatchObject({ title: 'Hidden plan', active: false, pricePaise: 50000 });
    const audit = await auditRowsFor(t.db, 'package', created.id);
    expect(audit.map((a) => a.action)).toEqual(['package.update']);
    expect(audit[0]?.before).toMatchObject({ title: 'To hide', active: true });
    expect(audit[0]?.after).toMatchObject({ title: 'Hidden plan', active: false });

    const studentView = (await get(t.app, '/api/v1/packages', { cookie: student })).json.items as Item[];
    expect(studentView.map((i) => i.id)).not.toContain(created.id);
    const masterView = (await get(t.app, '/api/v1/packages', { cookie: master })).json.items as Item[];
    expect(masterView.find((i) => i.id === created.id)?.active).toBe(false);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const edit = await put(t.app, `/api/v1/packages/${id}`, form(), { cookie: master });
      expect(edit.statusCode).toBe(404);
      expect(edit.json.message).toBe(PACKAGE_MESSAGES.notFound);
      const gone = await del(t.app, `/api/v1/packages/${id}`, { cookie: master });
      expect(gone.statusCode).toBe(404);
    }
  });

  it('deletes a package nobody ordered, audited', async () => {
    const created = await insertPackageRow(t.db);
    const response = await del(t.app, `/api/v1/packages/${created.id}`, { cookie: master });
    expect(response.statusCode).toBe(200);
    expect(response.json.message).toBe(PACKAGE_MESSAGES.deleted);
    expect(await rowOf(created.id)).toBeUndefined();
    expect((await auditRowsFor(t.db, 'package', created.id)).map((a) => a.action)).toEqual([
      'package.delete',
    ]);
  });

  it('refuses to delete a package with orders (409), even failed ones, and keeps it', async () => {
    const created = await insertPackageRow(t.db);
    await insertOrder(t.db, { userId: buyer.id, packageId: created.id, status: 'failed' });
    const response = await del(t.app, `/api/v1/packages/${created.id}`, { cookie: master });
    expect(response.statusCode).toBe(409);
    expect(response.json.message).toBe(PACKAGE_MESSAGES.inUse);
    expect(await rowOf(created.id)).toBeDefined();
    expect(await auditRowsFor(t.db, 'package', created.id)).toEqual([]);
  });
});
