import type { InvoiceSummary } from '@pgel/shared/commerce/invoices';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { colleges, invoiceSeries, invoices, paymentOrders, users } from '../../db/schema/index';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;

/**
 * The next number of the financial year's series: one upsert that creates the year's row at 1 or
 * adds one, holding the row's lock until the transaction ends. Another settlement's increment
 * waits for this one to commit or roll back, so the numbers have no gap and no duplicate.
 */
export async function nextInvoiceSequence(tx: Tx, financialYear: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceSeries)
    .values({ financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceSeries.financialYear,
      set: { lastNumber: sql`${invoiceSeries.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceSeries.lastNumber });
  if (!row) throw new Error('invoice series upsert returned no row');
  return row.lastNumber;
}

export async function insertInvoice(tx: Tx, values: NewInvoice): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(values).returning();
  if (!row) throw new Error('insert invoices returned no row');
  return row;
}

/** The buyer as the invoice names them: name, e-mail and their college's state (null without one). */
export async function findInvoiceBuyer(db: Executor, userId: string) {
  const [row] = await db
    .select({ name: users.name, email: users.email, state: colleges.state })
    .from(users)
    .leftJoin(colleges, eq(colleges.id, users.collegeId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

const summaryColumns = {
  id: invoices.id,
  number: invoices.number,
  issuedAt: invoices.issuedAt,
  description: invoices.description,
  totalPaise: invoices.totalPaise,
  buyerName: invoices.buyerName,
  buyerEmail: invoices.buyerEmail,
};

type SummaryRow = { [K in keyof typeof summaryColumns]: (typeof invoices.$inferSelect)[K] };

function toSummary(row: SummaryRow): InvoiceSummary {
  return { ...row, issuedAt: row.issuedAt.toISOString() };
}

/** A user's own invoices, newest first (index invoices_user_idx). A student has a few at most. */
export async function listInvoicesOf(db: Executor, userId: string): Promise<InvoiceSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.sequence))
    .limit(100);
  return rows.map(toSummary);
}

/** Master's list: every invoice, newest first, searched by number, buyer name or e-mail. */
export async function listAllInvoices(
  db: Executor,
  query: { search?: string; limit: number; offset: number },
): Promise<{ items: InvoiceSummary[]; total: number }> {
  const term = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where: SQL | undefined = term
    ? or(ilike(invoices.number, term), ilike(invoices.buyerName, term), ilike(invoices.buyerEmail, term))
    : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.issuedAt), desc(invoices.sequence))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(invoices).where(where),
  ]);
  return { items: rows.map(toSummary), total: count?.total ?? 0 };
}

/**
 * One invoice with what its PDF prints of the order (the price before the coupon, the coupon),
 * if `userId` is given only when it is theirs.
 */
export async function findInvoice(db: Executor, id: string, userId?: string) {
  const [row] = await db
    .select({
      invoice: invoices,
      offerPaise: paymentOrders.offerPaise,
      discountPaise: paymentOrders.discountPaise,
      couponCode: paymentOrders.couponCode,
    })
    .from(invoices)
    .innerJoin(paymentOrders, eq(paymentOrders.id, invoices.paymentOrderId))
    .where(userId ? and(eq(invoices.id, id), eq(invoices.userId, userId)) : eq(invoices.id, id))
    .limit(1);
  return row;
}
