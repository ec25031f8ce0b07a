import type { PrintBlock, PrintLogbook, PrintRow, PrintSection } from '@pgel/shared/reports/print';
import {
  amendedMark,
  hasAmendedRows,
  PRINT_AMENDED_COLUMN,
  PRINT_MESSAGES,
  unverifiedStatus,
} from '@pgel/shared/reports/print';
import { authenticatedMonthsSection } from '@pgel/shared/supervision/month-authentication';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { pdfFonts } from './logbook-pdf-fonts';
import { drawTable, type TableStyle } from './logbook-pdf-table';

export type LogbookPdfOptions = {
  /** The document's code, printed on every page. */
  code: string;
  /** `{appUrl}/check/{code}`: what the QR code on every page opens. */
  checkUrl: string;
  /** The college logo's bytes (PNG or JPEG), or null for none. */
  logo: Buffer | null;
};

// A4 in points. The bottom margin leaves room for the footer (QR code, check line, page number).
const MARGIN = 42;
const FOOTER_HEIGHT = 64;
const QR_SIZE = 54;
const LOGO_SIZE = 90;

const VERIFIED_STYLE: TableStyle = { headerFill: '#e8edf3', rowFill: null };
const UNVERIFIED_STYLE: TableStyle = { headerFill: '#f3e3c8', rowFill: '#fbf6ec' };

/**
 * The printable logbook as a PDF: every section from a new page with its title as heading, each
 * table's verified rows as the evidence and its pending/rejected rows apart in a marked table,
 * and on every page a footer with the QR code of the public check, the check address and
 * 'Page n of m'. Returns the ended document for the caller to pipe.
 *
 * Two passes instead of pdfkit's buffered pages: keeping every page open until the count is
 * known held hundreds of thousands of small buffers and doubled the time of a 3,000-row logbook
 * in garbage collection. The first pass lays the pages out without drawing the tables (the same
 * code, so the same page breaks) and only counts them; the second draws each page's footer as
 * the page starts, and pdfkit writes finished pages out as it goes. The second pass runs after
 * this returns, a section at a time with a turn of the event loop between sections, so the pages
 * already drawn flow to the client meanwhile: the server holds about one section, not the PDF.
 */
export async function renderLogbookPdf(
  print: PrintLogbook,
  options: LogbookPdfOptions,
): Promise<PDFKit.PDFDocument> {
  const qrPng = await QRCode.toBuffer(options.checkUrl, { type: 'png', margin: 1, scale: 4 });
  // pdfkit embeds an image once per distinct string source but once per call for a Buffer: as a
  // data URI the QR code is one image object that all pages share.
  const qr = `data:image/png;base64,${qrPng.toString('base64')}`;

  const dry = newDocument(print, options);
  let pageCount = 0;
  dry.on('pageAdded', () => {
    pageCount += 1;
    // Drawn here too, so that both passes run exactly the same text code.
    drawFooter(dry, qr, options, '');
  });
  dry.resume();
  layOut(dry, print, options.logo, false);
  dry.end();

  const doc = newDocument(print, options);
  let pageNumber = 0;
  doc.on('pageAdded', () => {
    pageNumber += 1;
    drawFooter(doc, qr, options, `Page ${pageNumber} of ${pageCount}`);
  });
  void drawInTurns(doc, print, options.logo);
  return doc;
}

/** The drawing pass: one section per turn of the event loop; a failure ends the stream with it. */
async function drawInTurns(doc: PDFKit.PDFDocument, print: PrintLogbook, logo: Buffer | null) {
  try {
    const pass: Pass = { draw: true, clean: pdfFonts().clean };
    for (const section of printedSections(print)) {
      drawSection(doc, print, section, logo, pass);
      await new Promise((resolve) => setImmediate(resolve));
    }
    doc.end();
  } catch (error) {
    doc.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}

function newDocument(print: PrintLogbook, options: LogbookPdfOptions): PDFKit.PDFDocument {
  const fonts = pdfFonts();
  const doc = new PDFDocument({
    size: 'A4',
    autoFirstPage: false,
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
    info: {
      Title: fonts.clean(`PG Logbook - ${print.student.name}`),
      Subject: `Logbook document ${options.code}`,
      Creator: 'PG e-Logbook',
    },
  });
  fonts.register(doc);
  return doc;
}

/** One pass over the sections; `draw` false only advances through the layout (page counting). */
function layOut(doc: PDFKit.PDFDocument, print: PrintLogbook, logo: Buffer | null, draw: boolean) {
  const pass: Pass = { draw, clean: pdfFonts().clean };
  for (const section of printedSections(print)) drawSection(doc, print, section, logo, pass);
}

/** The logbook's sections, then its authenticated months (issue 30). */
function printedSections(print: PrintLogbook): PrintSection[] {
  return [...print.sections, authenticatedMonthsSection(print.authenticatedMonths)];
}

function drawSection(
  doc: PDFKit.PDFDocument,
  print: PrintLogbook,
  section: PrintSection,
  logo: Buffer | null,
  pass: Pass,
) {
  const fonts = pdfFonts();
  doc.addPage();
  if (section.key === 'cover') drawCoverHeader(doc, print, logo, pass);
  doc.font(fonts.bold).fontSize(15).fillColor('#000').text(pass.clean(section.title));
  doc.moveDown(0.6);
  if (section.blocks.length === 0) paragraph(doc, pass.clean(PRINT_MESSAGES.noEntries));
  for (const block of section.blocks) drawBlock(doc, block, pass);
}

type Pass = { draw: boolean; clean: Clean };
type Clean = (text: string) => string;

function drawCoverHeader(doc: PDFKit.PDFDocument, print: PrintLogbook, logo: Buffer | null, pass: Pass) {
  const fonts = pdfFonts();
  const { clean } = pass;
  const width = doc.page.width - 2 * MARGIN;
  if (logo) {
    const top = doc.y;
    try {
      if (pass.draw) doc.image(logo, (doc.page.width - LOGO_SIZE) / 2, top, { fit: [LOGO_SIZE, LOGO_SIZE] });
    } catch {
      // A logo pdfkit cannot read (an unusual PNG variant) is left out rather than failing the PDF.
    }
    // The same space either way, so both passes break pages alike.
    doc.y = top + LOGO_SIZE + 8;
  }
  doc.x = MARGIN;
  doc.font(fonts.bold).fontSize(18).text(clean(print.college.name), { width, align: 'center' });
  const place = [print.college.address, print.college.state].filter(Boolean).join(', ');
  if (place) doc.font(fonts.body).fontSize(10).text(clean(place), { width, align: 'center' });
  doc.moveDown(1.2);
  doc.font(fonts.bold).fontSize(13).text('Postgraduate Logbook', { width, align: 'center' });
  doc.font(fonts.body).fontSize(11).text(clean(print.student.name), { width, align: 'center' });
  doc.moveDown(1.5);
}

function drawBlock(doc: PDFKit.PDFDocument, block: PrintBlock, pass: Pass) {
  const fonts = pdfFonts();
  const { clean } = pass;
  if (block.heading) {
    ensureSpace(doc, 40);
    doc.font(fonts.bold).fontSize(11).fillColor('#000').text(clean(block.heading));
    doc.moveDown(0.3);
  }
  if (block.type === 'paragraphs') {
    for (const text of block.paragraphs) paragraph(doc, clean(text));
  } else if (block.type === 'fields') {
    const rows: PrintRow[] = block.fields.map((f, i) => ({
      id: String(i),
      status: 'approved',
      cells: [clean(f.label), clean(f.value)],
    }));
    drawTable(
      doc,
      { columns: null, rows, widths: [0.35, 0.65], style: VERIFIED_STYLE, boldFirst: true },
      pass.draw,
    );
  } else {
    drawRecordTable(doc, block, pass);
  }
  doc.moveDown(0.8);
}

function drawRecordTable(doc: PDFKit.PDFDocument, block: Extract<PrintBlock, { type: 'table' }>, pass: Pass) {
  const fonts = pdfFonts();
  const { clean } = pass;
  const columns = block.columns.map(clean);
  const cleanRow = (row: PrintRow, first: string[] = [], last: string[] = []): PrintRow => ({
    ...row,
    cells: [...first, ...row.cells.map(clean), ...last],
  });
  if (block.verified.length === 0 && block.unverified.length === 0) {
    paragraph(doc, clean(PRINT_MESSAGES.noEntries));
    return;
  }
  if (block.verified.length > 0) {
    // An entry verified again after a reset is marked amended with the day (issue 27), as on
    // the print page.
    const amended = hasAmendedRows(block.verified);
    const rows = block.verified.map((r) => cleanRow(r, [], amended ? [amendedMark(r)] : []));
    const header = amended ? [...columns, PRINT_AMENDED_COLUMN] : columns;
    drawTable(
      doc,
      { columns: header, rows, widths: null, style: VERIFIED_STYLE, boldFirst: false },
      pass.draw,
    );
  } else {
    paragraph(doc, clean(PRINT_MESSAGES.noEntries));
  }
  if (block.unverified.length > 0) {
    doc.moveDown(0.6);
    ensureSpace(doc, 50);
    doc.font(fonts.bold).fontSize(9.5).fillColor('#8a4b00').text(clean(PRINT_MESSAGES.unverifiedCaption));
    doc.fillColor('#000').moveDown(0.2);
    const rows = block.unverified.map((r) => cleanRow(r, [unverifiedStatus(r)]));
    const spec = {
      columns: ['Status', ...columns],
      rows,
      widths: null,
      style: UNVERIFIED_STYLE,
      boldFirst: true,
    };
    drawTable(doc, spec, pass.draw);
  }
}

function paragraph(doc: PDFKit.PDFDocument, text: string) {
  doc.x = MARGIN;
  doc
    .font(pdfFonts().body)
    .fontSize(9.5)
    .fillColor('#000')
    .text(text, { width: doc.page.width - 2 * MARGIN });
  doc.moveDown(0.4);
}

/** Starts a new page when less than `height` is left, so a heading never ends a page. */
function ensureSpace(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  doc.x = MARGIN;
}

/** pdfkit's current font and fill, which it keeps in fields its types do not show. */
type TextState = { _font: unknown; _fontSize: number; _fillColor?: [string, number | undefined] };

/**
 * A page's footer, drawn as the page starts, which may be in the middle of a paragraph that
 * pdfkit continues on the new page: the font, colours and position are put back afterwards,
 * and the bottom margin is lifted while drawing (or pdfkit would start a new page for it).
 */
function drawFooter(doc: PDFKit.PDFDocument, qr: string, options: LogbookPdfOptions, pageLine: string) {
  const fonts = pdfFonts();
  const state = doc as unknown as TextState;
  const { _font: font, _fontSize: fontSize, _fillColor: fill } = state;
  doc.save();
  const page = doc.page;
  const bottom = page.margins.bottom;
  page.margins.bottom = 0;
  const top = page.height - MARGIN / 2 - QR_SIZE;
  doc
    .moveTo(MARGIN, top - 6)
    .lineTo(page.width - MARGIN, top - 6)
    .lineWidth(0.5)
    .strokeColor('#999')
    .stroke();
  doc.image(qr, MARGIN, top, { width: QR_SIZE, height: QR_SIZE });
  const textX = MARGIN + QR_SIZE + 10;
  const textWidth = page.width - MARGIN - textX;
  doc.font(fonts.body).fontSize(8).fillColor('#333');
  doc.text(fonts.clean(`Check: ${options.checkUrl}`), textX, top + 10, {
    width: textWidth,
    lineBreak: false,
  });
  doc.text(`Document code ${options.code}`, textX, top + 22, { width: textWidth, lineBreak: false });
  doc.text(pageLine, textX, top + 34, { width: textWidth, align: 'right', lineBreak: false });
  page.margins.bottom = bottom;
  doc.restore();
  state._font = font;
  doc.fontSize(fontSize);
  if (fill) doc.fillColor(...fill);
  doc.x = page.margins.left;
  doc.y = page.margins.top;
}
