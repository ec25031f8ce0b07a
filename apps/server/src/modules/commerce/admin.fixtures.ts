import { priceBreakdown } from '@pgel/shared/commerce/pricing';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { coupons, packages, paymentOrders } from '../../db/schema/index';
import { unique } from '../../test/helpers';

/** Test fixtures of the commerce-admin tests: rows written straight into the database. */

export async function seededPackage(db: Database) {
  const [row] = await db.select().from(packages).orderBy(asc(packages.sortOrder)).limit(1);
  if (!row) throw new Error('migration 0014 seeds packages');
  return row;
}

export async function insertPackageRow(db: Database, values: { title?: string; active?: boolean } = {}) {
  const [row] = await db
    .insert(packages)
    .values({
      title: values.title ?? `Package ${unique()}`,
      pricePaise: 100_000,
      offerPricePaise: 90_000,
      active: values.active ?? true,
      sortOrder: 50,
    })
    .returning();
  if (!row) throw new Error('fixture insert returned no row');
  return row;
}

export async function insertCouponRow(
  db: Database,
  values: {
    code?: string;
    quantity?: number;
    usedCount?: number;
    discountPaise?: number;
    deleted?: boolean;
    /** Set it where order matters: PGlite's clock ticks in milliseconds, so two inserts can tie. */
    createdAt?: Date;
  } = {},
) {
  const [row] = await db
    .insert(coupons)
    .values({
      code: values.code ?? unique('CPN').toUpperCase(),
      quantity: values.quantity ?? 5,
      usedCount: values.usedCount ?? 0,
      discountPaise: values.discountPaise ?? 50_000,
      deletedAt: values.deleted ? new Date() : null,
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error('fixture insert returned no row');
  return row;
}

export type OrderFixture = {
  userId: string;
  packageId?: string;
  status?: 'created' | 'paid' | 'failed' | 'refund_due';
  coupon?: { id: string; code: string; discountPaise: number };
  paidAt?: Date;
  offerPaise?: number;
};

/** A payment order as the payments module would leave it (amounts from priceBreakdown). */
export async function insertOrder(db: Database, order: OrderFixture) {
  const pkg = order.packageId
    ? (await db.select().from(packages).where(eq(packages.id, order.packageId)))[0]
    : await seededPackage(db);
  if (!pkg) throw new Error('no such package');
  const b = priceBreakdown(order.offerPaise ?? pkg.offerPricePaise, order.coupon?.discountPaise ?? 0);
  const status = order.status ?? 'paid';
  const paid = status === 'paid' || status === 'refund_due';
  const [row] = await db
    .insert(paymentOrders)
    .values({
      userId: order.userId,
      packageId: pkg.id,
      packageTitle: pkg.title,
      validityMonths: pkg.validityMonths,
      gateway: 'sandbox',
      gatewayOrderId: unique('order_'),
      gatewayPaymentId: paid ? unique('pay_') : null,
      couponId: order.coupon?.id ?? null,
      couponCode: order.coupon?.code ?? null,
      offerPaise: b.offerPaise,
      discountPaise: b.discountPaise,
      taxablePaise: b.taxablePaise,
      gstPaise: b.gstPaise,
      amountPaise: b.totalPaise,
      status,
      paidAt: paid ? (order.paidAt ?? new Date()) : null,
    })
    .returning();
  if (!row) throw new Error('fixture insert returned no row');
  return row;
}
