import { isMaster } from '@pgel/shared/auth/policies';
import {
  INVOICE_MESSAGES,
  type InvoiceList,
  type MyInvoices,
  type Seller,
} from '@pgel/shared/commerce/invoices';
import { isUuid } from '@pgel/shared/schemas/common';
import type { ListQuery } from '@pgel/shared/schemas/list';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { SessionActor } from '../../platform/session';
import { renderInvoicePdf } from './invoices.pdf';
import * as repo from './invoices.repository';

/**
 * GST tax invoices once issued (issue 28; they are issued in payments.settle.ts): the student's
 * own list and PDFs, and Master's list of all. An invoice is the buyer's and Master's only;
 * anyone else is told it does not exist.
 */
export class InvoicesService {
  constructor(private readonly deps: { db: Database }) {}

  /** The caller's own invoices (a staff member has none). */
  async mine(actor: SessionActor): Promise<MyInvoices> {
    return { items: await repo.listInvoicesOf(this.deps.db, actor.id) };
  }

  /** Every invoice, for Master. */
  async list(actor: SessionActor, query: ListQuery): Promise<InvoiceList> {
    if (!isMaster(actor)) throw AppError.forbidden();
    const { page, pageSize, search } = query;
    const { items, total } = await repo.listAllInvoices(this.deps.db, {
      search,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return { items, total, page, pageSize };
  }

  /** The invoice as a PDF, for its buyer or Master; anyone else gets 404 (as for orders). */
  async pdf(actor: SessionActor, id: string): Promise<{ number: string; pdf: Buffer }> {
    const found = isUuid(id)
      ? await repo.findInvoice(this.deps.db, id, isMaster(actor) ? undefined : actor.id)
      : undefined;
    if (!found) throw AppError.notFound(INVOICE_MESSAGES.notFound);
    const { invoice } = found;
    const pdf = await renderInvoicePdf({
      ...invoice,
      seller: invoice.seller as Seller,
      offerPaise: found.offerPaise,
      discountPaise: found.discountPaise,
      couponCode: found.couponCode,
    });
    return { number: invoice.number, pdf };
  }
}
