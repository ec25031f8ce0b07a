import { BONAFIDE_SIGNATURE_TITLE, BONAFIDE_MESSAGES as M } from '@pgel/shared/reports/bonafide';
import PDFDocument from 'pdfkit';
import { pdfFonts } from '../reports/logbook-pdf-fonts';

/** What the certificate prints; every value already formatted ('N/A' where unknown). */
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
};

const MARGIN = 64;

/** The certificate's sentence, kept apart from the drawing so its wording is in one place. */
export function certificateText(c: BonafideContent): string {
  return (
    `This is to certify that ${c.studentName}, whose ${c.parentKind} name is ${c.parentName}, ` +
    `is a bonafide postgraduate student of the Department of ${c.departmentName}, ${c.collegeName}, ` +
    `for the period from ${c.periodFrom} to ${c.periodTo}.`
  );
}

/**
 * Draws the one-page A4 certificate and resolves with its bytes. It is small, so it is built in
 * memory: the response then has a length, and a drawing error is a clean 500, not a cut file.
 */
export function renderBonafidePdf(content: BonafideContent): Promise<Buffer> {
  // The logbook PDF's fonts: DejaVu Sans, so names in any script print as written.
  const fonts = pdfFonts();
  const c = Object.fromEntries(
    Object.entries(content).map(([key, value]) => [
      key,
      typeof value === 'string' ? fonts.clean(value) : value,
    ]),
  ) as BonafideContent;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${M.title}: ${c.studentName}`, Author: c.collegeName },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  fonts.register(doc);
  const width = doc.page.width - MARGIN * 2;

  doc.font(fonts.bold).fontSize(20).text(c.collegeName, { align: 'center', width });
  if (c.collegeAddress) {
    doc.moveDown(0.2).font(fonts.body).fontSize(10).text(c.collegeAddress, { align: 'center', width });
  }
  doc
    .moveDown(0.2)
    .font(fonts.body)
    .fontSize(12)
    .text(`Department of ${c.departmentName}`, { align: 'center', width });
  const ruleY = doc.y + 10;
  doc
    .moveTo(MARGIN, ruleY)
    .lineTo(MARGIN + width, ruleY)
    .lineWidth(1)
    .stroke();

  doc.y = ruleY + 36;
  doc.font(fonts.bold).fontSize(18).text(M.title, MARGIN, doc.y, { align: 'center', width, underline: true });
  doc.moveDown(1.5).font(fonts.body).fontSize(11).text(`Date: ${c.issuedOn}`, { align: 'right', width });
  doc
    .moveDown(2)
    .fontSize(13)
    .text(certificateText(c), MARGIN, doc.y, { align: 'justify', width, lineGap: 8 });

  // The signature place, bottom right, above the bottom margin.
  const signatureY = doc.page.height - MARGIN - 150;
  const signatureX = MARGIN + width / 2;
  const half = width / 2;
  doc
    .font(fonts.bold)
    .fontSize(12)
    .text(c.hodName, signatureX, signatureY + 60, { align: 'center', width: half });
  doc.font(fonts.body).fontSize(11).text(BONAFIDE_SIGNATURE_TITLE, { align: 'center', width: half });
  doc.text(`Department of ${c.departmentName}`, { align: 'center', width: half });
  doc.text(c.collegeName, { align: 'center', width: half });

  doc.end();
  return done;
}
