import { type Actor, canManageCommerce } from '@pgel/shared/auth/policies';
import type { CouponPayment, ReferralQuerySchema, Sponsor } from '@pgel/shared/commerce/referrals';
import { roleLabel, type StaffRole } from '@pgel/shared/roles';
import type { ListResponse } from '@pgel/shared/schemas/list';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/errors';
import { listPage } from '../../platform/list';
import * as repo from './referrals.repository';

type ReferralQuery = z.infer<typeof ReferralQuerySchema>;

type PaidRow = {
  amountPaise: number;
  couponCode: string | null;
  gatewayPaymentId: string | null;
  gateway: string;
  paidAt: Date | null;
  updatedAt: Date;
};

/** A verified payment as both views show it; `orderId` stands in for a missing gateway payment id. */
function paymentSummary(row: PaidRow, orderId: string) {
  return {
    amountPaise: row.amountPaise,
    couponCode: row.couponCode,
    paymentId: row.gatewayPaymentId ?? orderId,
    gateway: row.gateway,
    paidAt: (row.paidAt ?? row.updatedAt).toISOString(),
  };
}

/**
 * /referral (Master, spec 03 sections 2 and 3): the Referral view (each sponsor with the students
 * they referred and each one's payment) and the Coupon view (verified payments made with a coupon).
 */
export class ReferralsService {
  constructor(private readonly deps: { db: Database }) {}

  private get db() {
    return this.deps.db;
  }

  /** Sponsors, a page at a time, each with every referred student inside the filter. */
  async sponsors(actor: Actor, query: ReferralQuery): Promise<ListResponse<Sponsor>> {
    if (!canManageCommerce(actor)) throw AppError.forbidden();
    const filter = { collegeId: query.collegeId, departmentId: query.departmentId };
    const page = await listPage(query, repo.sponsorListQueries(this.db), {
      where: repo.sponsorsWhere(this.db, filter),
      searchIn: repo.sponsorSearch(this.db, filter),
      sortable: repo.sponsorColumns.sortable,
      defaultSort: 'name',
      tieBreaker: repo.sponsorColumns.tieBreaker,
    });
    const students = await repo.referredStudents(
      this.db,
      page.items.map((s) => s.id),
      filter,
    );
    const payments = new Map(
      (
        await repo.latestPaidOrders(
          this.db,
          students.map((s) => s.id),
        )
      ).map((p) => [p.userId, paymentSummary(p, p.orderId)]),
    );
    return {
      ...page,
      items: page.items.map((sponsor) => {
        const referrals = students
          .filter((s) => s.sponsorId === sponsor.id)
          .map(({ sponsorId: _sponsor, ...s }) => ({ ...s, payment: payments.get(s.id) ?? null }));
        return {
          id: sponsor.id,
          name: sponsor.name,
          email: sponsor.email,
          referralId: sponsor.referralId,
          kind: roleLabel(sponsor.role as StaffRole | null),
          referrals,
          paidCount: referrals.filter((r) => r.payment !== null).length,
        };
      }),
    };
  }

  /** Verified payments made with a coupon, newest first. */
  async couponPayments(actor: Actor, query: ReferralQuery): Promise<ListResponse<CouponPayment>> {
    if (!canManageCommerce(actor)) throw AppError.forbidden();
    const filter = { collegeId: query.collegeId, departmentId: query.departmentId };
    const page = await listPage(query, repo.couponPaymentQueries(this.db), {
      where: repo.couponPaymentsWhere(filter),
      searchIn: repo.couponPaymentColumns.search,
      sortable: repo.couponPaymentColumns.sortable,
      defaultSort: 'paidAt',
      defaultOrder: 'desc',
      tieBreaker: repo.couponPaymentColumns.tieBreaker,
    });
    return {
      ...page,
      items: page.items.map((row) => ({
        id: row.id,
        studentName: row.studentName,
        studentEmail: row.studentEmail,
        college: row.college,
        department: row.department,
        discountPaise: row.discountPaise,
        ...paymentSummary(row, row.id),
      })),
    };
  }
}
