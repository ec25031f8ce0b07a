import type { PrintRow } from '@pgel/shared/reports/print';
import { pdfFonts } from './logbook-pdf-fonts';
import { CellWrapper } from './logbook-pdf-wrap';

export type TableStyle = { headerFill: string; rowFill: string | null };

export type TableSpec = {
  /** Header texts, repeated at the top of every page the table continues on; null for none. */
  columns: string[] | null;
  rows: PrintRow[];
  /** Fractions of the page width per column, or null to share it by the texts' lengths. */
  widths: number[] | null;
  style: TableStyle;
  /** The first column in bold (field labels, the Status column). */
  boldFirst: boolean;
};

const FONT_SIZE = 8;
/** Tables of many columns (a procedure has 12) are set smaller, so words still fit their column. */
const WIDE_TABLE_FONT_SIZE = 6.5;
const WIDE_TABLE_COLUMNS = 8;
const PAD = 3;
const MIN_WEIGHT = 5;
const MAX_WEIGHT = 40;
// Enough rows to judge how wide a column's texts run; more would only cost time.
const SAMPLE_ROWS = 60;

/** A row laid out: each cell's lines and the row's height. */
type RowLayout = { lines: string[][]; height: number };

/**
 * Draws a table row by row from the current position, starting a new page (and repeating the
 * header) when the next row does not fit. A row taller than a whole page is cut with an ellipsis:
 * the web print page shows the full text; the PDF keeps every row on one page. With `draw`
 * false the rows are only laid out (the page-counting pass).
 */
export function drawTable(doc: PDFKit.PDFDocument, spec: TableSpec, draw = true) {
  const fonts = pdfFonts();
  const left = doc.page.margins.left;
  const tableWidth = doc.page.width - left - doc.page.margins.right;
  const columnCount = spec.columns?.length ?? spec.rows[0]?.cells.length ?? 0;
  if (columnCount === 0) return;
  const fontSize = columnCount > WIDE_TABLE_COLUMNS ? WIDE_TABLE_FONT_SIZE : FONT_SIZE;
  const widths = spec.widths?.map((f) => f * tableWidth) ?? columnWidths(doc, spec, fontSize, tableWidth);
  const maxY = () => doc.page.height - doc.page.margins.bottom;
  const lineHeight = doc.font(fonts.body).fontSize(fontSize).currentLineHeight(true);
  const pageLines = Math.floor((maxY() - doc.page.margins.top - 2 * PAD) / lineHeight);
  const wrapper = new CellWrapper(doc, fontSize);
  const layout = (cells: string[], fontOf: (i: number) => string, maxLines: number): RowLayout => {
    const lines = cells.map((text, i) => wrapper.wrap(fontOf(i), text, (widths[i] ?? 0) - 2 * PAD, maxLines));
    const tallest = Math.max(1, ...lines.map((l) => l.length));
    return { lines, height: tallest * lineHeight + 2 * PAD };
  };
  const header = spec.columns ? layout(spec.columns, () => fonts.bold, 6) : null;
  const cellFont = (i: number) => (spec.boldFirst && i === 0 ? fonts.bold : fonts.body);

  const drawHeader = () => {
    if (!header) return;
    if (draw) drawRow(doc, header, widths, { lineHeight, fontSize }, spec.style.headerFill, () => fonts.bold);
    else doc.y += header.height;
  };
  const headerHeight = header?.height ?? 0;
  if (doc.y + headerHeight + lineHeight + 2 * PAD > maxY()) doc.addPage();
  drawHeader();
  // A row never holds more lines than a page has room for under the header.
  const rowLines = Math.max(1, pageLines - Math.ceil(headerHeight / lineHeight) - 1);
  for (const row of spec.rows) {
    const rowLayout = layout(padCells(row.cells, columnCount), cellFont, rowLines);
    if (doc.y + rowLayout.height > maxY()) {
      doc.addPage();
      drawHeader();
    }
    if (draw) drawRow(doc, rowLayout, widths, { lineHeight, fontSize }, spec.style.rowFill, cellFont);
    else doc.y += rowLayout.height;
  }
  doc.x = left;
  doc.font(fonts.body);
}

function padCells(cells: string[], count: number): string[] {
  if (cells.length === count) return cells;
  return Array.from({ length: count }, (_, i) => cells[i] ?? '');
}

/**
 * Column widths in points: each column first gets its widest word (header and a sample of rows,
 * measured), so words are not broken between letters; the rest of the width goes by how long
 * the texts run. Only when even the words do not fit is everything scaled down.
 */
function columnWidths(
  doc: PDFKit.PDFDocument,
  spec: TableSpec,
  fontSize: number,
  tableWidth: number,
): number[] {
  const fonts = pdfFonts();
  const count = spec.columns?.length ?? spec.rows[0]?.cells.length ?? 0;
  const sample = spec.rows.slice(0, SAMPLE_ROWS);
  const widest = (font: string, texts: string[]) => {
    doc.font(font).fontSize(fontSize);
    let width = 0;
    for (const text of texts) {
      for (const word of text.split(/\s+/)) width = Math.max(width, doc.widthOfString(word));
    }
    return width;
  };
  const minimum = Array.from({ length: count }, (_, i) => {
    const header = spec.columns ? widest(fonts.bold, [spec.columns[i] ?? '']) : 0;
    const cells = widest(
      spec.boldFirst && i === 0 ? fonts.bold : fonts.body,
      sample.map((r) => r.cells[i] ?? ''),
    );
    return Math.max(header, cells) + 2 * PAD + 1;
  });
  const weights = Array.from({ length: count }, (_, i) => {
    const average = sample.length
      ? sample.reduce((sum, r) => sum + (r.cells[i]?.length ?? 0), 0) / sample.length
      : 0;
    return Math.min(MAX_WEIGHT, Math.max(MIN_WEIGHT, average));
  });
  const needed = minimum.reduce((a, b) => a + b, 0);
  if (needed >= tableWidth) return minimum.map((w) => (w * tableWidth) / needed);
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  return minimum.map((w, i) => w + ((weights[i] ?? 0) / totalWeight) * (tableWidth - needed));
}

/** Draws one laid-out row at the current position and moves below it. */
function drawRow(
  doc: PDFKit.PDFDocument,
  row: RowLayout,
  widths: number[],
  { lineHeight, fontSize }: { lineHeight: number; fontSize: number },
  fill: string | null,
  fontOf: (i: number) => string,
) {
  const left = doc.page.margins.left;
  const y = doc.y;
  const width = widths.reduce((a, b) => a + b, 0);
  if (fill) doc.rect(left, y, width, row.height).fill(fill);
  // The row's box and its column rules as one path: one stroke per row, not one per cell.
  doc.rect(left, y, width, row.height);
  let x = left;
  for (const w of widths.slice(0, -1)) {
    x += w;
    doc.moveTo(x, y).lineTo(x, y + row.height);
  }
  doc.lineWidth(0.4).strokeColor('#888').stroke();
  doc.fillColor('#000').fontSize(fontSize);
  x = left;
  row.lines.forEach((lines, i) => {
    doc.font(fontOf(i));
    lines.forEach((line, n) => {
      if (line) doc.text(line, x + PAD, y + PAD + n * lineHeight, { lineBreak: false });
    });
    x += widths[i] ?? 0;
  });
  doc.y = y + row.height;
}
