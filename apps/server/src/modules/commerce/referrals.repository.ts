import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { colleges, departments, paymentOrders, users } from '../../db/schema/index';

/** Master narrows both views to the students of one college and/or department. */
export type PlacementFilter = { collegeId?: string | undefined; departmentId?: string | undefined };

/** The referred students, beside `users` as the sponsor in the same query. */
const referred = alias(users, 'referred');

/** Students (any student a sponsor brought, deleted ones too: their payments stay on record). */
function referredWhere(filter: PlacementFilter): SQL {
  return and(
    isNull(referred.role),
    filter.collegeId ? eq(referred.collegeId, filter.collegeId) : undefined,
    filter.departmentId ? eq(referred.departmentId, filter.departmentId) : undefined,
  ) as SQL;
}

/** A sponsor: someone whose referral id a student (inside the filter) gave at sign-up. */
export function sponsorsWhere(db: Executor, filter: PlacementFilter): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(referred)
      .where(and(eq(referred.sponsorId, users.id), referredWhere(filter))),
  );
}

/** The sponsor list for `listPage`: sponsors are users, so both queries read `users` alone. */
export function sponsorListQueries(db: Executor) {
  return {
    rows: db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        referralId: users.referralId,
        role: users.role,
      })
      .from(users)
      .$dynamic(),
    count: db.select({ total: count() }).from(users).$dynamic(),
  };
}

/** The search box finds a sponsor by their own name, e-mail or referral id, or by a student they referred. */
export function sponsorSearch(db: Executor, filter: PlacementFilter) {
  return [
    users.name,
    users.email,
    users.referralId,
    (pattern: string) =>
      exists(
        db
          .select({ one: sql`1` })
          .from(referred)
          .where(
            and(
              eq(referred.sponsorId, users.id),
              referredWhere(filter),
              or(
                ilike(referred.name, pattern),
                ilike(referred.email, pattern),
                ilike(referred.phone, pattern),
              ),
            ),
          ),
      ),
  ];
}

export const sponsorColumns = {
  sortable: { name: users.name, email: users.email, referralId: users.referralId },
  tieBreaker: users.id,
};

/** The students the given sponsors referred (inside the filter), with their college and department. */
export async function referredStudents(db: Executor, sponsorIds: string[], filter: PlacementFilter) {
  if (sponsorIds.length === 0) return [];
  return db
    .select({
      id: referred.id,
      sponsorId: referred.sponsorId,
      name: referred.name,
      phone: referred.phone,
      email: referred.email,
      college: colleges.name,
      department: departments.name,
    })
    .from(referred)
    .leftJoin(colleges, eq(colleges.id, referred.collegeId))
    .leftJoin(departments, eq(departments.id, referred.departmentId))
    .where(and(inArray(referred.sponsorId, sponsorIds), referredWhere(filter)))
    .orderBy(asc(referred.name), asc(referred.id));
}

/** When an order was paid (older rows may lack paid_at: the last change is then the best we know). */
const paidMoment = sql<Date>`coalesce(${paymentOrders.paidAt}, ${paymentOrders.updatedAt})`;

const paymentColumns = {
  amountPaise: paymentOrders.amountPaise,
  couponCode: paymentOrders.couponCode,
  gatewayPaymentId: paymentOrders.gatewayPaymentId,
  gateway: paymentOrders.gateway,
  paidAt: paymentOrders.paidAt,
  updatedAt: paymentOrders.updatedAt,
};

/** Each student's latest paid order: the payment the Referral view shows. */
export async function latestPaidOrders(db: Executor, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectDistinctOn([paymentOrders.userId], {
      userId: paymentOrders.userId,
      orderId: paymentOrders.id,
      ...paymentColumns,
    })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.status, 'paid'), inArray(paymentOrders.userId, userIds)))
    .orderBy(paymentOrders.userId, desc(paidMoment), desc(paymentOrders.id));
}

/** The Coupon view for `listPage`: verified payments made with a coupon, with their student. */
export function couponPaymentQueries(db: Executor) {
  return {
    rows: db
      .select({
        id: paymentOrders.id,
        studentName: users.name,
        studentEmail: users.email,
        college: colleges.name,
        department: departments.name,
        discountPaise: paymentOrders.discountPaise,
        ...paymentColumns,
      })
      .from(paymentOrders)
      .innerJoin(users, eq(users.id, paymentOrders.userId))
      .leftJoin(colleges, eq(colleges.id, users.collegeId))
      .leftJoin(departments, eq(departments.id, users.departmentId))
      .$dynamic(),
    count: db
      .select({ total: count() })
      .from(paymentOrders)
      .innerJoin(users, eq(users.id, paymentOrders.userId))
      .$dynamic(),
  };
}

export function couponPaymentsWhere(filter: PlacementFilter): SQL {
  return and(
    eq(paymentOrders.status, 'paid'),
    isNotNull(paymentOrders.couponId),
    filter.collegeId ? eq(users.collegeId, filter.collegeId) : undefined,
    filter.departmentId ? eq(users.departmentId, filter.departmentId) : undefined,
  ) as SQL;
}

export const couponPaymentColumns = {
  search: [users.name, users.email, users.phone, paymentOrders.couponCode, paymentOrders.gatewayPaymentId],
  sortable: {
    paidAt: paidMoment,
    amountPaise: paymentOrders.amountPaise,
    couponCode: paymentOrders.couponCode,
  },
  tieBreaker: paymentOrders.id,
};
