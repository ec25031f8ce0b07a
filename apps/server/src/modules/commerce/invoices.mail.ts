import { invoiceDate } from '@pgel/shared/commerce/invoices';
import { formatInr } from '@pgel/shared/commerce/pricing';
import type { MailMessage } from '../../platform/mail';

type MailedInvoice = {
  number: string;
  issuedAt: Date;
  totalPaise: number;
  description: string;
  buyerName: string;
  buyerEmail: string;
  sellerName: string;
};

/**
 * The tax invoice's mail (issue 28). The outbox sends text, not attachments, so the mail names
 * the invoice and links to the profile, where the PDF is downloaded once signed in: the mail
 * holds nothing beyond the invoice itself. Transactional: the student has just paid and is
 * waiting for their receipt, which must not queue behind notification mail.
 */
export function invoiceMail(invoice: MailedInvoice, profileUrl: string): MailMessage {
  return {
    to: invoice.buyerEmail,
    transactional: true,
    subject: `Tax invoice ${invoice.number} - PG e-Logbook`,
    text: [
      `Dear ${invoice.buyerName},`,
      '',
      `Thank you for your payment. Your GST tax invoice from ${invoice.sellerName}:`,
      '',
      `Invoice number: ${invoice.number}`,
      `Date:           ${invoiceDate(invoice.issuedAt)}`,
      `For:            ${invoice.description}`,
      `Total:          ${formatInr(invoice.totalPaise)} (GST included)`,
      '',
      'Download the invoice (PDF) from your profile:',
      profileUrl,
    ].join('\n'),
  };
}
