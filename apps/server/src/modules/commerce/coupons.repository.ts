import { and, count, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { coupons, users } from '../../db/schema/index';

export type CouponRow = typeof coupons.$inferSelect;

/** Live coupons: a deleted one keeps its row (orders name it) but no longer exists for anyone. */
export const liveCoupons = isNull(coupons.deletedAt);

/** The status column: used once every use is taken. */
export function couponStatusWhere(status: 'available' | 'used' | undefined): SQL | undefined {
  if (status === 'used') return gte(coupons.usedCount, coupons.quantity);
  if (status === 'available') return lt(coupons.usedCount, coupons.quantity);
  return undefined;
}

/** The /coupons list for `listPage`: one table, so the count needs no join. */
export function couponListQueries(db: Executor) {
  return {
    rows: db
      .select({
        id: coupons.id,
        code: coupons.code,
        discountPaise: coupons.discountPaise,
        quantity: coupons.quantity,
        usedCount: coupons.usedCount,
        createdAt: coupons.createdAt,
      })
      .from(coupons)
      .$dynamic(),
    count: db.select({ total: count() }).from(coupons).$dynamic(),
  };
}

export const couponListColumns = {
  search: [coupons.code],
  sortable: {
    createdAt: coupons.createdAt,
    code: coupons.code,
    discountPaise: coupons.discountPaise,
    remaining: sql`${coupons.quantity} - ${coupons.usedCount}`,
  },
  tieBreaker: coupons.id,
};

export async function findLiveCouponByCode(db: Executor, code: string): Promise<CouponRow | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(liveCoupons, eq(coupons.code, code)))
    .limit(1);
  return row;
}

export async function lockLiveCoupon(db: Executor, id: string): Promise<CouponRow | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(liveCoupons, eq(coupons.id, id)))
    .for('update')
    .limit(1);
  return row;
}

export async function insertCoupon(
  db: Executor,
  values: { code: string; discountPaise: number; quantity: number; createdById: string },
): Promise<CouponRow> {
  const [row] = await db.insert(coupons).values(values).returning();
  if (!row) throw new Error('coupon insert returned no row');
  return row;
}

export async function softDeleteCoupon(db: Executor, id: string): Promise<CouponRow> {
  const [row] = await db.update(coupons).set({ deletedAt: new Date() }).where(eq(coupons.id, id)).returning();
  if (!row) throw new Error('coupon vanished while locked');
  return row;
}

/** What decides whether a user may buy: the session does not carry `paid`, so read it now. */
export async function findBuyer(
  db: Executor,
  userId: string,
): Promise<{ role: string | null; paid: boolean } | undefined> {
  const [row] = await db
    .select({ role: users.role, paid: users.paid })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
