import { z } from 'zod';
import { listResponseSchema } from '../schemas/list';
import { STATES_OF_INDIA } from '../schemas/reference-admin';
import { gstinMatchesState, gstinProblem } from './gstin';

/**
 * GST tax invoices (issue 28): one per paid order, numbered from one gap-free series per
 * financial year, mailed to the student and kept on their profile. The seller's details are
 * settings Master edits; with none stored the invoice says "GSTIN not set", never a made-up number.
 */

/**
 * The default SAC (services accounting code): 998315, "Hosting and information technology (IT)
 * infrastructure provisioning services". India's SAC scheme follows the UN Central Product
 * Classification, whose subclass 83152 "Application service provisioning" (leased software
 * applications run on the provider's hosted infrastructure and used over the web) sits under
 * this code: what a subscription to a hosted logbook is. Not 998431 ("on-line text based
 * information such as online books, newspapers, periodicals"): that is content, not a service
 * the buyer uses. GST 18 %. Master may set another code (docs/decisions/018-gst-invoices.md).
 */
export const DEFAULT_SAC_CODE = '998315';

/** GST on a package, and its halves when the buyer is in the seller's state. */
export const IGST_PERCENT = 18;
export const CGST_PERCENT = 9;
export const SGST_PERCENT = 9;

export const INVOICE_MESSAGES = {
  title: 'TAX INVOICE',
  gstinNotSet: 'GSTIN not set',
  stateNotSet: 'Not set',
  notFound: 'Invoice not found',
  noInvoices: 'No invoices yet. Your tax invoice appears here once your payment is confirmed.',
  legalNameRequired: "Please enter the seller's legal name",
  addressRequired: "Please enter the seller's address",
  stateRequired: "Please choose the seller's state",
  gstinFormat:
    'A GSTIN has 15 characters: the 2-digit state code, the 10-character PAN, the entity number, Z and a check character',
  gstinChecksum:
    "This GSTIN's last (check) character does not match the rest: please look for a typing mistake",
  gstinState: (state: string) =>
    `This GSTIN was not issued in ${state}: its first two digits are the state's code`,
  sacInvalid: 'A SAC code has 6 digits and starts with 99',
  saved: 'The seller details for tax invoices are saved.',
} as const;

/** The seller on an invoice, as settings hold it and as each invoice keeps a copy of it. */
export const SellerSchema = z.object({
  legalName: z.string(),
  address: z.string(),
  /** The state of the seller's registration; null until Master sets it. */
  state: z.enum(STATES_OF_INDIA).nullable(),
  /** null until Master sets it: the invoice then prints "GSTIN not set". */
  gstin: z.string().nullable(),
});
export type Seller = z.infer<typeof SellerSchema>;

/** `GET /settings/seller` (Master): what new invoices will print. */
export const SellerSettingsSchema = SellerSchema.extend({ sacCode: z.string() });
export type SellerSettings = z.infer<typeof SellerSettingsSchema>;

/** `PUT /settings/seller` (Master). An empty GSTIN means none yet (invoices say "GSTIN not set"). */
export const SellerSettingsInputSchema = z
  .object({
    legalName: z
      .string({ error: INVOICE_MESSAGES.legalNameRequired })
      .trim()
      .min(2, { error: INVOICE_MESSAGES.legalNameRequired })
      .max(200),
    address: z
      .string({ error: INVOICE_MESSAGES.addressRequired })
      .trim()
      .min(5, { error: INVOICE_MESSAGES.addressRequired })
      .max(500),
    state: z.enum(STATES_OF_INDIA, { error: INVOICE_MESSAGES.stateRequired }),
    gstin: z
      .string()
      .trim()
      .toUpperCase()
      .nullable()
      .transform((value) => (value ? value : null))
      // Checked here, not with the state below, so a form shows it beside the state's own problem.
      .superRefine((value, ctx) => {
        const problem = value === null ? null : gstinProblem(value);
        if (problem) {
          const message =
            problem === 'format' ? INVOICE_MESSAGES.gstinFormat : INVOICE_MESSAGES.gstinChecksum;
          ctx.addIssue({ code: 'custom', message });
        }
      }),
    sacCode: z
      .string({ error: INVOICE_MESSAGES.sacInvalid })
      .trim()
      .regex(/^99\d{4}$/, { error: INVOICE_MESSAGES.sacInvalid }),
  })
  .superRefine((value, ctx) => {
    if (value.gstin !== null && !gstinMatchesState(value.gstin, value.state)) {
      ctx.addIssue({ code: 'custom', message: INVOICE_MESSAGES.gstinState(value.state), path: ['gstin'] });
    }
  });
export type SellerSettingsInput = z.input<typeof SellerSettingsInputSchema>;

export const SellerSettingsResponseSchema = z.object({ message: z.string(), seller: SellerSettingsSchema });

/** One invoice in a list: the student's own on /profile, or any in Master's list. */
export const InvoiceSummarySchema = z.object({
  id: z.uuid(),
  number: z.string(),
  issuedAt: z.string(),
  description: z.string(),
  totalPaise: z.number().int(),
  buyerName: z.string(),
  buyerEmail: z.string(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;

/** `GET /me/invoices`: the caller's own invoices, newest first (a staff member has none). */
export const MyInvoicesSchema = z.object({ items: z.array(InvoiceSummarySchema) });
export type MyInvoices = z.infer<typeof MyInvoicesSchema>;

/** `GET /invoices` (Master): every invoice, newest first, searched by number, buyer name or e-mail. */
export const InvoiceListSchema = listResponseSchema(InvoiceSummarySchema);
export type InvoiceList = z.infer<typeof InvoiceListSchema>;

/** The invoice PDF's file name: 'INV/26-27/000001' saves as 'Invoice-INV-26-27-000001.pdf'. */
export const invoiceFileName = (number: string) => `Invoice-${number.replace(/\//g, '-')}.pdf`;

export const InvoiceIdParamsSchema = z.object({ id: z.string().max(100) });

/** The invoice PDF's address for a download link (its buyer or Master). */
export const invoicePdfUrl = (id: string) => `/api/v1/invoices/${encodeURIComponent(id)}/pdf`;

/** The financial year (April to March, Asia/Kolkata) a moment falls in: '2026-27'. */
export function financialYearOf(at: Date): string {
  // India keeps one offset all year (UTC+5:30, no daylight saving).
  const india = new Date(at.getTime() + 330 * 60 * 1000);
  const year = india.getUTCFullYear();
  const start = india.getUTCMonth() >= 3 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * The printed number: 'INV/26-27/000001'. Sixteen characters, the most GST rule 46(b) allows
 * (letters, digits, '-' and '/', unique within the financial year).
 */
export function invoiceNumber(financialYear: string, sequence: number): string {
  return `INV/${financialYear.slice(2)}/${String(sequence).padStart(6, '0')}`;
}

export type TaxSplit = { cgstPaise: number; sgstPaise: number; igstPaise: number };

/**
 * The order's GST as the invoice prints it: CGST + SGST (9 % + 9 %) when the buyer is in the
 * seller's state, IGST 18 % otherwise. The parts add up to the order's GST exactly; an odd paisa
 * goes to CGST.
 */
export function splitGst(gstPaise: number, intraState: boolean): TaxSplit {
  if (!intraState) return { cgstPaise: 0, sgstPaise: 0, igstPaise: gstPaise };
  const sgstPaise = Math.floor(gstPaise / 2);
  return { cgstPaise: gstPaise - sgstPaise, sgstPaise, igstPaise: 0 };
}

/** Whether the supply is within one state: both states known and the same. */
export function isIntraState(sellerState: string | null, buyerState: string | null): boolean {
  return sellerState !== null && buyerState !== null && sellerState === buyerState;
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
});

/** An invoice's date as printed, in India's time: '01 Apr 2026'. */
export function invoiceDate(at: Date | string): string {
  return DATE_FORMAT.format(typeof at === 'string' ? new Date(at) : at);
}
