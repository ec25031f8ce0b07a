import { amountInWords } from '@pgel/shared/commerce/amount-words';
import { GST_STATE_CODES } from '@pgel/shared/commerce/gstin';
import {
  CGST_PERCENT,
  IGST_PERCENT,
  invoiceDate,
  INVOICE_MESSAGES as M,
  type Seller,
  SGST_PERCENT,
} from '@pgel/shared/commerce/invoices';
import type { IndianState } from '@pgel/shared/schemas/reference-admin';
import PDFDocument from 'pdfkit';
import { pdfFonts } from '../reports/logbook-pdf-fonts';

/** What the invoice prints: the invoice row with the order's price before the coupon. */
export type InvoicePdfContent = {
  number: string;
  issuedAt: Date;
  seller: Seller;
  sacCode: string;
  buyerName: string;
  buyerEmail: string;
  buyerState: string;
  description: string;
  offerPaise: number;
  discountPaise: number;
  couponCode: string | null;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
};

// The logbook PDF's page: A4, the same margins, fonts and table colours.
const MARGIN = 42;
const HEADER_FILL = '#e8edf3';
const RULE = '#888';
const PAD = 5;

const AMOUNT = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** '11,798.82': Indian grouping, always two decimals (the column says INR). */
const money = (paise: number) => AMOUNT.format(paise / 100);

/** 'Kerala (32)': a state with its GST code, as invoices name the place of supply. */
function stateWithCode(state: string): string {
  if (!state) return M.stateNotSet;
  const code = GST_STATE_CODES[state as IndianState]?.[0];
  return code ? `${state} (${code})` : state;
}

type Cell = { text: string; align?: 'left' | 'right' | 'center'; bold?: boolean };

/**
 * The GST tax invoice of one paid order as a one-page A4 PDF, in the logbook PDF's style
 * (DejaVu Sans, ruled tables with a grey-blue header): TAX INVOICE, number and date, the seller
 * (legal name, address, state, GSTIN or "GSTIN not set"), the buyer and the place of supply, the
 * line with its SAC code, the taxable value, CGST + SGST or IGST, the total and the total in
 * words. Built in memory: it is small, and a drawing error is then a clean 500, not a cut file.
 */
export function renderInvoicePdf(content: InvoicePdfContent): Promise<Buffer> {
  const fonts = pdfFonts();
  const clean = fonts.clean;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: clean(`${M.title} ${content.number}`),
      Author: clean(content.seller.legalName),
      Creator: 'PG e-Logbook',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  fonts.register(doc);
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const { seller } = content;

  /** A table row at `y` with the given column widths; returns the y below it. */
  const row = (y: number, widths: number[], cells: Cell[], fill: string | null, fontSize = 9.5) => {
    const heights = cells.map((cell, i) => {
      doc.font(cell.bold ? fonts.bold : fonts.body).fontSize(fontSize);
      return doc.heightOfString(clean(cell.text), { width: (widths[i] ?? 0) - 2 * PAD });
    });
    const height = Math.max(...heights) + 2 * PAD;
    const total = widths.reduce((a, b) => a + b, 0);
    if (fill) doc.rect(left, y, total, height).fill(fill);
    doc.rect(left, y, total, height);
    let x = left;
    for (const w of widths.slice(0, -1)) {
      x += w;
      doc.moveTo(x, y).lineTo(x, y + height);
    }
    doc.lineWidth(0.5).strokeColor(RULE).stroke();
    x = left;
    cells.forEach((cell, i) => {
      const w = widths[i] ?? 0;
      doc
        .font(cell.bold ? fonts.bold : fonts.body)
        .fontSize(fontSize)
        .fillColor('#000')
        .text(clean(cell.text), x + PAD, y + PAD, { width: w - 2 * PAD, align: cell.align ?? 'left' });
      x += w;
    });
    return y + height;
  };

  // Title and the invoice's number and date.
  doc.font(fonts.bold).fontSize(18).fillColor('#000').text(M.title, left, MARGIN, { width, align: 'center' });
  doc
    .font(fonts.body)
    .fontSize(9)
    .fillColor('#333')
    .text('Original for recipient', { width, align: 'center' });
  let y = doc.y + 12;

  // Seller (left) and invoice details (right), side by side.
  const half = width / 2;
  const sellerLines: Cell[] = [
    { text: 'Seller', bold: true },
    { text: seller.legalName, bold: true },
    { text: seller.address },
    { text: `State: ${seller.state ? stateWithCode(seller.state) : M.stateNotSet}` },
    { text: `GSTIN: ${seller.gstin ?? M.gstinNotSet}`, bold: seller.gstin === null },
  ];
  const detailLines: Cell[] = [
    { text: 'Invoice details', bold: true },
    { text: `Invoice No.: ${content.number}` },
    { text: `Invoice date: ${invoiceDate(content.issuedAt)}` },
    { text: `Place of supply: ${stateWithCode(content.buyerState)}` },
    { text: 'Reverse charge: No' },
  ];
  const block = (lines: Cell[], x: number, top: number) => {
    doc.x = x;
    doc.y = top;
    for (const line of lines) {
      doc
        .font(line.bold ? fonts.bold : fonts.body)
        .fontSize(9.5)
        .fillColor('#000')
        .text(clean(line.text), x, doc.y, { width: half - 2 * PAD });
      doc.moveDown(0.15);
    }
    return doc.y;
  };
  const boxTop = y;
  const sellerBottom = block(sellerLines, left + PAD, boxTop + PAD);
  const detailBottom = block(detailLines, left + half + PAD, boxTop + PAD);
  const boxBottom = Math.max(sellerBottom, detailBottom) + PAD;
  doc.rect(left, boxTop, width, boxBottom - boxTop);
  doc.moveTo(left + half, boxTop).lineTo(left + half, boxBottom);
  doc.lineWidth(0.5).strokeColor(RULE).stroke();
  y = boxBottom + 10;

  // The buyer.
  const buyerTop = y;
  const buyerBottom = block(
    [
      { text: 'Bill to', bold: true },
      { text: content.buyerName, bold: true },
      { text: content.buyerEmail },
      { text: `State: ${stateWithCode(content.buyerState)}` },
    ],
    left + PAD,
    buyerTop + PAD,
  );
  doc
    .rect(left, buyerTop, width, buyerBottom + PAD - buyerTop)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  y = buyerBottom + PAD + 14;

  // The line and the amounts.
  const widths = [28, width - 28 - 70 - 120, 70, 120];
  y = row(
    y,
    widths,
    [
      { text: '#', bold: true, align: 'center' },
      { text: 'Description of service', bold: true },
      { text: 'SAC', bold: true, align: 'center' },
      { text: 'Amount (INR)', bold: true, align: 'right' },
    ],
    HEADER_FILL,
  );
  y = row(
    y,
    widths,
    [
      { text: '1', align: 'center' },
      { text: content.description },
      { text: content.sacCode, align: 'center' },
      { text: money(content.offerPaise), align: 'right' },
    ],
    null,
  );
  const labelWidth = (widths[0] ?? 0) + (widths[1] ?? 0) + (widths[2] ?? 0);
  const sums: Array<[string, number, boolean]> = [];
  if (content.discountPaise > 0) {
    const coupon = content.couponCode ? ` (coupon ${content.couponCode})` : '';
    sums.push([`Less: discount${coupon}`, -content.discountPaise, false]);
  }
  sums.push(['Taxable value', content.taxablePaise, true]);
  if (content.igstPaise > 0 || (content.cgstPaise === 0 && content.sgstPaise === 0)) {
    sums.push([`IGST @ ${IGST_PERCENT}%`, content.igstPaise, false]);
  } else {
    sums.push([`CGST @ ${CGST_PERCENT}%`, content.cgstPaise, false]);
    sums.push([`SGST @ ${SGST_PERCENT}%`, content.sgstPaise, false]);
  }
  for (const [label, paise, bold] of sums) {
    const amount = paise < 0 ? `- ${money(-paise)}` : money(paise);
    y = row(
      y,
      [labelWidth, widths[3] ?? 0],
      [
        { text: label, align: 'right', bold },
        { text: amount, align: 'right', bold },
      ],
      null,
    );
  }
  y = row(
    y,
    [labelWidth, widths[3] ?? 0],
    [
      { text: 'Total (INR)', align: 'right', bold: true },
      { text: money(content.totalPaise), align: 'right', bold: true },
    ],
    HEADER_FILL,
    10.5,
  );

  doc
    .font(fonts.bold)
    .fontSize(9.5)
    .fillColor('#000')
    .text('Total in words: ', left, y + 10, { continued: true, width })
    .font(fonts.body)
    .text(amountInWords(content.totalPaise));

  doc.moveDown(2);
  doc
    .font(fonts.body)
    .fontSize(8.5)
    .fillColor('#333')
    .text('This is a computer-generated invoice and needs no signature.', left, doc.y, { width });
  doc.end();
  return done;
}
