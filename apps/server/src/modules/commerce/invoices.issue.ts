import {
  financialYearOf,
  invoiceNumber,
  isIntraState,
  type Seller,
  splitGst,
} from '@pgel/shared/commerce/invoices';
import { validityLabel } from '@pgel/shared/commerce/packages';
import type { Tx } from '../../db/client';
import { enqueueMail } from '../../platform/mail';
import { readSellerSettings } from '../settings/settings.seller';
import { invoiceMail } from './invoices.mail';
import * as repo from './invoices.repository';
import type { OrderRow } from './payments.repository';

/** What a paid order's invoice describes: the package and its validity, as the gateway was told. */
export function invoiceDescription(order: Pick<OrderRow, 'packageTitle' | 'validityMonths'>): string {
  return `PG e-Logbook subscription: ${order.packageTitle} package, ${validityLabel(order.validityMonths)}`;
}

/**
 * Issues the GST tax invoice of an order that has just become paid, inside the transaction that
 * marks it paid (payments.settle.ts), and queues its mail there too: a rollback takes back the
 * number, the invoice and the mail together, so the series keeps no gap. The series row is
 * locked last, so settlements wait on each other only for the few statements after it.
 *
 * The buyer's state is their college's (the address on record: place of supply for a buyer
 * without a GSTIN, IGST Act section 12(2)(b)); a buyer with no college is taken to be in the
 * seller's state, the rule's fallback. Taxable value and total are the order's own figures, and
 * the tax parts add up to its GST exactly.
 */
export async function issueInvoice(tx: Tx, order: OrderRow, appUrl: string) {
  const settings = await readSellerSettings(tx);
  const buyer = await repo.findInvoiceBuyer(tx, order.userId);
  if (!buyer) throw new Error(`invoice for an order of a missing user ${order.userId}`);
  const seller: Seller = {
    legalName: settings.legalName,
    address: settings.address,
    state: settings.state,
    gstin: settings.gstin,
  };
  const buyerState = buyer.state ?? seller.state ?? '';
  const tax = splitGst(order.gstPaise, isIntraState(seller.state, buyerState || null));
  const issuedAt = order.paidAt ?? new Date();
  const financialYear = financialYearOf(issuedAt);
  const sequence = await repo.nextInvoiceSequence(tx, financialYear);
  const invoice = await repo.insertInvoice(tx, {
    paymentOrderId: order.id,
    userId: order.userId,
    financialYear,
    sequence,
    number: invoiceNumber(financialYear, sequence),
    seller,
    buyerName: buyer.name,
    buyerEmail: buyer.email,
    buyerState,
    description: invoiceDescription(order),
    sacCode: settings.sacCode,
    taxablePaise: order.taxablePaise,
    ...tax,
    totalPaise: order.amountPaise,
    issuedAt,
  });
  await enqueueMail(
    tx,
    invoiceMail({ ...invoice, sellerName: seller.legalName }, `${appUrl}/profile#invoices`),
  );
  return invoice;
}
