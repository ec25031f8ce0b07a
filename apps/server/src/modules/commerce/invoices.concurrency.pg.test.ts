import { financialYearOf } from '@pgel/shared/commerce/invoices';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema/index';
import { buildTestApp, createPlacement, type TestApp } from '../../test/helpers';
import {
  completeSandbox,
  createOrder,
  sandboxIdOf,
  seededPackage,
  studentWithSession,
  verifyOrder,
} from '../../test/payments-world';

const STUDENTS = 30;

/**
 * The invoice series under load (issue 28): thirty payments are verified at the same moment, each
 * twice (two tabs), and the financial year's numbers come out 1..30 with no gap and no duplicate,
 * one invoice per order. PostgreSQL only: PGlite is one connection, so its transactions never
 * overlap; here they race for the series row.
 */
describe('invoice series: many payments at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`numbers ${STUDENTS} invoices settled in parallel 1..${STUDENTS}, each order once`, async () => {
    const placement = await createPlacement(t.db);
    const single = await seededPackage(t.db);
    const students = await Promise.all(
      Array.from({ length: STUDENTS }, () => studentWithSession(t.db, { placement })),
    );
    const orders: Array<{ cookie: string; id: string }> = [];
    for (const s of students) {
      const created = await createOrder(t.app, s.cookie, { packageId: single.id, gateway: 'sandbox' });
      expect(created.statusCode, created.body).toBe(201);
      await completeSandbox(t.app, s.cookie, sandboxIdOf(created), 'success');
      orders.push({ cookie: s.cookie, id: (created.json.order as { id: string }).id });
    }

    const answers = await Promise.all(
      orders.flatMap((o) => [verifyOrder(t.app, o.cookie, o.id), verifyOrder(t.app, o.cookie, o.id)]),
    );
    expect(answers.filter((a) => a.statusCode >= 500).map((a) => a.body)).toEqual([]);

    const rows = await t.db
      .select()
      .from(invoices)
      .where(
        inArray(
          invoices.paymentOrderId,
          orders.map((o) => o.id),
        ),
      );
    expect(rows.map((r) => r.paymentOrderId).sort()).toEqual(orders.map((o) => o.id).sort());
    const year = financialYearOf(new Date());
    expect(new Set(rows.map((r) => r.financialYear))).toEqual(new Set([year]));
    expect(rows.map((r) => r.sequence).sort((a, b) => a - b)).toEqual(
      Array.from({ length: STUDENTS }, (_, i) => i + 1),
    );
    expect(new Set(rows.map((r) => r.number)).size).toBe(STUDENTS);
  });
});
