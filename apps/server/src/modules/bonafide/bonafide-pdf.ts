import { BONAFIDE_MESSAGES as M } from '@pgel/shared/reports/bonafide';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { pdfFonts } from '../reports/logbook-pdf-fonts';

/** What the certificate prints; every value already formatted (dates in long months). */
export type BonafideContent = {
  collegeName: string;
  collegeAddress: string | null;
  studentName: string;
  /** "father's" or "mother's": which parent the name below is. */
  parentKind: "father's" | "mother's";
  parentName: string;
  departmentName: string;
  periodFrom: string;
  periodTo: string;
  issuedOn: string;
  hodName: string;
  hodDesignation: string;
  /** 'BON/2026-27/000001'. */
  reference: string;
  /** The check code, and `{appUrl}/check/{code}` that the QR code opens. */
  code: string;
  checkUrl: string;
};

const MARGIN = 64;
const QR_SIZE = 62;
const INK = '#111111';
const MUTED = '#555555';

/** A date kept on one line: '1 July 2025' never breaks between its day, month and year. */
const unbroken = (text: string) => text.replace(/ /g, '\u00a0');

/** The certificate's sentence, kept apart from the drawing so its wording is in one place. */
export function certificateText(c: BonafideContent): string {
  return (
    `This is to certify that ${c.studentName}, whose ${c.parentKind} name is ${c.parentName}, ` +
    `is a bonafide postgraduate student of the Department of ${c.departmentName}, ${c.collegeName}, ` +
    `for the period from ${unbroken(c.periodFrom)} to ${unbroken(c.periodTo)}.`
  );
}

export const CLOSING_TEXT = "This certificate is issued at the student's request.";
export const SEAL_LABEL = 'College seal';

/**
 * Draws the one-page A4 certificate and resolves with its bytes. It is small, so it is built in
 * memory: the response then has a length, and a drawing error is a clean 500, not a cut file.
 * Text is left-aligned (justified lines of long names left wide gaps, issue 28).
 */
export async function renderBonafidePdf(content: BonafideContent): Promise<Buffer> {
  // The logbook PDF's fonts: DejaVu Sans, so names in any script print as written.
  const fonts = pdfFonts();
  const c = Object.fromEntries(
    Object.entries(content).map(([key, value]) => [
      key,
      typeof value === 'string' ? fonts.clean(value) : value,
    ]),
  ) as BonafideContent;
  const qrPng = await QRCode.toBuffer(content.checkUrl, { type: 'png', margin: 1, scale: 4 });
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${M.title}: ${c.studentName}`, Author: c.collegeName, Subject: c.reference },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  fonts.register(doc);
  const width = doc.page.width - MARGIN * 2;
  const right = MARGIN + width;

  // Letterhead: the college, its address, the department, over a double rule.
  doc
    .fillColor(INK)
    .font(fonts.bold)
    .fontSize(19)
    .text(c.collegeName, MARGIN, MARGIN, { align: 'center', width });
  if (c.collegeAddress) {
    doc
      .moveDown(0.25)
      .font(fonts.body)
      .fontSize(10)
      .fillColor(MUTED)
      .text(c.collegeAddress, { align: 'center', width });
  }
  doc
    .moveDown(0.25)
    .font(fonts.body)
    .fontSize(12)
    .fillColor(INK)
    .text(`Department of ${c.departmentName}`, { align: 'center', width });
  const ruleY = doc.y + 10;
  doc.moveTo(MARGIN, ruleY).lineTo(right, ruleY).lineWidth(1.5).strokeColor(INK).stroke();
  doc
    .moveTo(MARGIN, ruleY + 3)
    .lineTo(right, ruleY + 3)
    .lineWidth(0.5)
    .stroke();

  // Reference on the left, the issue date on the right, on one line.
  const metaY = ruleY + 22;
  doc.font(fonts.body).fontSize(11).fillColor(INK);
  doc.text(`Ref. No.: ${c.reference}`, MARGIN, metaY, { width: width / 2, lineBreak: false });
  doc.text(`Date: ${c.issuedOn}`, MARGIN + width / 2, metaY, {
    width: width / 2,
    align: 'right',
    lineBreak: false,
  });

  doc
    .font(fonts.bold)
    .fontSize(18)
    .text(M.title, MARGIN, metaY + 52, { align: 'center', width, characterSpacing: 1.5 });
  const titleWidth = doc.widthOfString(M.title, { characterSpacing: 1.5 });
  const underlineY = doc.y + 2;
  doc
    .moveTo(MARGIN + (width - titleWidth) / 2, underlineY)
    .lineTo(MARGIN + (width + titleWidth) / 2, underlineY)
    .lineWidth(1)
    .stroke();

  doc
    .font(fonts.body)
    .fontSize(13)
    .text(certificateText(c), MARGIN, underlineY + 40, { align: 'left', width, lineGap: 7 });
  doc.moveDown(1).text(CLOSING_TEXT, { align: 'left', width, lineGap: 7 });

  // The seal area (bottom left) and the signature over its line (bottom right), above the footer.
  const footerTop = doc.page.height - MARGIN / 2 - QR_SIZE - 8;
  const blockTop = footerTop - 200;
  const sealSize = 104;
  const sealX = MARGIN + 8;
  const sealY = blockTop + 30;
  doc.save();
  doc
    .circle(sealX + sealSize / 2, sealY + sealSize / 2, sealSize / 2)
    .lineWidth(0.8)
    .dash(3, { space: 3 })
    .strokeColor('#888888')
    .stroke();
  doc.restore();
  doc
    .font(fonts.body)
    .fontSize(9)
    .fillColor('#888888')
    .text(SEAL_LABEL, sealX, sealY + sealSize / 2 - 5, {
      width: sealSize,
      align: 'center',
      lineBreak: false,
    });

  const signWidth = 210;
  const signX = right - signWidth;
  const lineY = blockTop + 70;
  doc.moveTo(signX, lineY).lineTo(right, lineY).lineWidth(0.8).strokeColor(INK).stroke();
  doc
    .font(fonts.bold)
    .fontSize(12)
    .fillColor(INK)
    .text(c.hodName, signX, lineY + 8, { width: signWidth, align: 'center' });
  const signLine = { width: signWidth, align: 'center' as const, lineGap: 2 };
  doc.font(fonts.body).fontSize(10.5).text(c.hodDesignation, signLine);
  doc.text(`Department of ${c.departmentName}`, signLine);
  doc.text(c.collegeName, signLine);

  // The footer: the QR code of the public check, its address, the reference and the code.
  const page = doc.page;
  page.margins.bottom = 0;
  doc.moveTo(MARGIN, footerTop).lineTo(right, footerTop).lineWidth(0.5).strokeColor('#999999').stroke();
  const qrTop = footerTop + 8;
  doc.image(qrPng, MARGIN, qrTop, { width: QR_SIZE, height: QR_SIZE });
  const textX = MARGIN + QR_SIZE + 12;
  const textWidth = right - textX;
  doc.font(fonts.body).fontSize(8.5).fillColor('#333333');
  doc.text(
    'Scan the QR code or open the address below to check that this certificate is genuine.',
    textX,
    qrTop + 8,
    {
      width: textWidth,
      lineBreak: false,
    },
  );
  doc.text(fonts.clean(`Check: ${content.checkUrl}`), textX, qrTop + 22, {
    width: textWidth,
    lineBreak: false,
  });
  doc.text(`Reference ${c.reference} · Certificate code ${c.code}`, textX, qrTop + 36, {
    width: textWidth,
    lineBreak: false,
  });

  doc.end();
  return done;
}
