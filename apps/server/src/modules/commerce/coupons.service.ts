import { type Actor, canBuyPackage, canManageCommerce } from '@pgel/shared/auth/policies';
import {
  type Coupon,
  type CouponListQuerySchema,
  type CreateCouponInput,
  COUPON_MESSAGES as M,
} from '@pgel/shared/commerce/coupons';
import { PAYMENT_MESSAGES } from '@pgel/shared/commerce/payments';
import { rupeesToPaise } from '@pgel/shared/commerce/pricing';
import { isUuid, type MessageResponse } from '@pgel/shared/schemas/common';
import type { ListResponse } from '@pgel/shared/schemas/list';
import { and } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { listPage } from '../../platform/list';
import * as repo from './coupons.repository';
import { throttledCouponLookup } from './payments.throttle';

type Meta = { ip: string };
type CouponListQuery = z.infer<typeof CouponListQuerySchema>;

/** The unique index that keeps one live coupon per code (migration 0014). */
const LIVE_CODE_INDEX = 'coupons_live_code_idx';

function toCoupon(
  row: Pick<repo.CouponRow, 'id' | 'code' | 'discountPaise' | 'quantity' | 'usedCount' | 'createdAt'>,
): Coupon {
  const remaining = Math.max(0, row.quantity - row.usedCount);
  return {
    id: row.id,
    code: row.code,
    discountPaise: row.discountPaise,
    quantity: row.quantity,
    usedCount: row.usedCount,
    remaining,
    status: remaining === 0 ? 'used' : 'available',
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a coupon. */
function auditView(row: repo.CouponRow) {
  return {
    code: row.code,
    discountPaise: row.discountPaise,
    quantity: row.quantity,
    usedCount: row.usedCount,
    deletedAt: row.deletedAt,
  };
}

/**
 * A live coupon that still has a use left, by its (normalised) code; otherwise the message the
 * Payment modal shows: unknown or deleted is 'invalid' (404), every use taken is 'used' (409).
 * Only a check: a use is taken when a payment with the coupon is verified.
 */
export async function usableCoupon(db: Executor, code: string): Promise<repo.CouponRow> {
  const row = await repo.findLiveCouponByCode(db, code);
  if (!row) throw AppError.notFound(M.invalid);
  if (row.usedCount >= row.quantity) throw AppError.conflict(M.used);
  return row;
}

/** Coupons (spec 03 sections 2, 3, 5, 7): Master's list, Create Coupon and delete; the modal's Apply. */
export class CouponsService {
  constructor(private readonly deps: { db: Database }) {}

  private get db() {
    return this.deps.db;
  }

  /** Live coupons, newest first; QTY is the uses left. */
  async list(actor: Actor, query: CouponListQuery): Promise<ListResponse<Coupon>> {
    if (!canManageCommerce(actor)) throw AppError.forbidden();
    const page = await listPage(query, repo.couponListQueries(this.db), {
      where: and(repo.liveCoupons, repo.couponStatusWhere(query.status)),
      searchIn: repo.couponListColumns.search,
      sortable: repo.couponListColumns.sortable,
      defaultSort: 'createdAt',
      defaultOrder: 'desc',
      tieBreaker: repo.couponListColumns.tieBreaker,
    });
    return { ...page, items: page.items.map(toCoupon) };
  }

  async create(
    actor: Actor,
    input: CreateCouponInput,
    meta: Meta,
  ): Promise<{ message: string; coupon: Coupon }> {
    if (!canManageCommerce(actor)) throw AppError.forbidden();
    try {
      const row = await this.db.transaction(async (tx) => {
        if (await repo.findLiveCouponByCode(tx, input.code)) throw AppError.conflict(M.codeTaken);
        const created = await repo.insertCoupon(tx, {
          code: input.code,
          discountPaise: rupeesToPaise(input.discount),
          quantity: input.couponQty,
          createdById: actor.id,
        });
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'coupon.create',
          entity: 'coupon',
          entityId: created.id,
          ip: meta.ip,
          after: auditView(created),
        });
        return created;
      });
      return { message: M.created, coupon: toCoupon(row) };
    } catch (err) {
      // Two creates of one code at once: both pass the look-up, the index refuses the second.
      if (isUniqueViolation(err, LIVE_CODE_INDEX)) throw AppError.conflict(M.codeTaken);
      throw err;
    }
  }

  /**
   * Soft delete: the row stays for the orders that name it, and the code is free to be created
   * again. Payments already made with it are untouched.
   */
  async delete(actor: Actor, id: string, meta: Meta): Promise<MessageResponse> {
    if (!canManageCommerce(actor)) throw AppError.forbidden();
    if (!isUuid(id)) throw AppError.notFound(M.notFound);
    await this.db.transaction(async (tx) => {
      const before = await repo.lockLiveCoupon(tx, id);
      if (!before) throw AppError.notFound(M.notFound);
      const after = await repo.softDeleteCoupon(tx, id);
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'coupon.delete',
        entity: 'coupon',
        entityId: id,
        ip: meta.ip,
        before: auditView(before),
        after: auditView(after),
      });
    });
    return { message: M.deleted };
  }

  /** The Payment modal's Apply: only a student who may still buy asks; misses are throttled. */
  async validate(
    actor: Actor,
    input: { code: string },
    meta: Meta,
  ): Promise<{ message: string; code: string; discountPaise: number }> {
    const buyer = await repo.findBuyer(this.db, actor.id);
    if (!buyer || !canBuyPackage({ role: actor.role, paid: buyer.paid })) {
      throw AppError.forbidden(
        buyer?.paid && actor.role === null ? PAYMENT_MESSAGES.alreadyPaid : PAYMENT_MESSAGES.studentsOnly,
      );
    }
    const coupon = await throttledCouponLookup(this.db, { userId: actor.id, ip: meta.ip }, () =>
      usableCoupon(this.db, input.code),
    );
    return { message: M.applied, code: coupon.code, discountPaise: coupon.discountPaise };
  }
}
