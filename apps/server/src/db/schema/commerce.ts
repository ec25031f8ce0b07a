import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { colleges } from './reference';
import { users } from './users';

/**
 * Commerce (issue 13): packages, coupons, payment orders and the local sandbox gateway's own
 * orders. Money is whole paise in integers; every amount of an order is computed by the server.
 */

/** A package ("batch"): what a student buys. Seeded with the four landing prices (migration 0014). */
export const packages = pgTable(
  'packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    pricePaise: integer('price_paise').notNull(),
    offerPricePaise: integer('offer_price_paise').notNull(),
    validityMonths: integer('validity_months').notNull().default(36),
    active: boolean('active').notNull().default(true),
    /**
     * Offered to every college (issue 28: Single). Any other package is offered only to the
     * colleges Master enables it for (college_packages).
     */
    offeredEverywhere: boolean('offered_everywhere').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('packages_prices_check', sql`${t.offerPricePaise} > 0 and ${t.offerPricePaise} <= ${t.pricePaise}`),
  ],
);

/** The packages Master enables for a college beyond those offered everywhere (issue 28). */
export const collegePackages = pgTable(
  'college_packages',
  {
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id),
    enabledById: uuid('enabled_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.collegeId, t.packageId] })],
);

/**
 * A coupon: a flat discount usable `quantity` times. `used_count` only grows when a payment with
 * it is verified, by one conditional UPDATE (`used_count < quantity`), so it never passes the
 * quantity however many payments arrive at once. Deleted coupons keep their row (payments name it).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    discountPaise: integer('discount_paise').notNull(),
    quantity: integer('quantity').notNull(),
    usedCount: integer('used_count').notNull().default(0),
    createdById: uuid('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('coupons_live_code_idx').on(t.code).where(sql`${t.deletedAt} is null`),
    check('coupons_use_check', sql`${t.usedCount} >= 0 and ${t.usedCount} <= ${t.quantity}`),
    check('coupons_positive_check', sql`${t.quantity} > 0 and ${t.discountPaise} > 0`),
  ],
);

/**
 * One attempt to buy a package through one gateway. `gateway_order_id` is the gateway's order
 * (Razorpay `order_...`, PhonePe's merchantOrderId, the sandbox's id); `gateway_payment_id` is
 * set once, when the payment is verified (by the page or a webhook, whichever comes first).
 * Status: created -> paid | failed | refund_due (paid after the package was already active, or
 * after the coupon ran out).
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id),
    /** The package's title on the day (it may be renamed later). */
    packageTitle: text('package_title').notNull(),
    validityMonths: integer('validity_months').notNull(),
    gateway: text('gateway').notNull(),
    gatewayOrderId: text('gateway_order_id'),
    gatewayPaymentId: text('gateway_payment_id'),
    couponId: uuid('coupon_id').references(() => coupons.id),
    couponCode: text('coupon_code'),
    offerPaise: integer('offer_paise').notNull(),
    discountPaise: integer('discount_paise').notNull().default(0),
    taxablePaise: integer('taxable_paise').notNull(),
    gstPaise: integer('gst_paise').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status').notNull().default('created'),
    failureReason: text('failure_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_orders_gateway_order_idx').on(t.gateway, t.gatewayOrderId),
    uniqueIndex('payment_orders_gateway_payment_idx')
      .on(t.gateway, t.gatewayPaymentId)
      .where(sql`${t.gatewayPaymentId} is not null`),
    index('payment_orders_user_idx').on(t.userId, t.createdAt),
    index('payment_orders_coupon_idx').on(t.couponId).where(sql`${t.couponId} is not null`),
    check('payment_orders_status_check', sql`${t.status} in ('created', 'paid', 'failed', 'refund_due')`),
    check(
      'payment_orders_amount_check',
      sql`${t.amountPaise} = ${t.taxablePaise} + ${t.gstPaise} and ${t.amountPaise} > 0`,
    ),
  ],
);

/**
 * The local sandbox gateway's side of an order (used when no gateway keys are configured): it
 * keeps its own state as a real gateway would, so verification asks it, not the page.
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  gatewayOrderId: text('gateway_order_id').primaryKey(),
  amountPaise: integer('amount_paise').notNull(),
  description: text('description').notNull(),
  /** The student whose checkout page it is; only they complete it. */
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  returnUrl: text('return_url').notNull(),
  state: text('state').notNull().default('pending'),
  paymentId: text('payment_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

/**
 * Third-party connections (the CRM's OAuth token). The token is sealed with the data key
 * (AES-256-GCM, platform/data-key.ts); never returned by any route.
 */
export const integrationTokens = pgTable('integration_tokens', {
  provider: text('provider').primaryKey(),
  sealedToken: text('sealed_token').notNull(),
  apiDomain: text('api_domain'),
  connectedById: uuid('connected_by_id').references(() => users.id),
  connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The GST invoice series (issue 28): one gap-free series per financial year ('2026-27'). The
 * row is locked and incremented in the transaction that marks the order paid, so a number is
 * never skipped or used twice.
 */
export const invoiceSeries = pgTable('invoice_series', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

/**
 * A GST tax invoice for one paid order. Seller and buyer are copied at issue (an invoice never
 * changes after it is issued); amounts in paise. CGST + SGST when the buyer's state is the
 * seller's, IGST otherwise.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentOrderId: uuid('payment_order_id')
      .notNull()
      .references(() => paymentOrders.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    /** The printed number, e.g. 'INV/2026-27/000001'. */
    number: text('number').notNull(),
    /** { legalName, address, state, gstin (null: "GSTIN not set") } on the day. */
    seller: jsonb('seller').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerState: text('buyer_state').notNull(),
    description: text('description').notNull(),
    sacCode: text('sac_code').notNull(),
    taxablePaise: integer('taxable_paise').notNull(),
    cgstPaise: integer('cgst_paise').notNull().default(0),
    sgstPaise: integer('sgst_paise').notNull().default(0),
    igstPaise: integer('igst_paise').notNull().default(0),
    totalPaise: integer('total_paise').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_order_idx').on(t.paymentOrderId),
    uniqueIndex('invoices_series_idx').on(t.financialYear, t.sequence),
    uniqueIndex('invoices_number_idx').on(t.number),
    index('invoices_user_idx').on(t.userId, t.issuedAt),
    check(
      'invoices_total_check',
      sql`${t.totalPaise} = ${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise}`,
    ),
  ],
);
