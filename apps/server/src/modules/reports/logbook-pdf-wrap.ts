/**
 * Line wrapping for table cells, done here rather than by pdfkit: its wrapper (Unicode line
 * breaking, events, a layout per call) took most of the time of a 3,000-row logbook, and a cell
 * is wrapped twice there (to measure the row, then to draw it). Words are measured once per
 * font and cached; lines are drawn one by one without pdfkit's wrapper.
 */
export class CellWrapper {
  private readonly widths = new Map<string, number>();

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly fontSize: number,
  ) {}

  /** `text` in lines no wider than `width` in the current font; at most `maxLines`, cut with '…'. */
  wrap(font: string, text: string, width: number, maxLines: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      let lineWidth = 0;
      for (const word of paragraph.split(' ')) {
        if (word === '') continue;
        const wordWidth = this.width(font, word);
        const spaced = line ? lineWidth + this.width(font, ' ') + wordWidth : wordWidth;
        if (spaced <= width) {
          line = line ? `${line} ${word}` : word;
          lineWidth = spaced;
          continue;
        }
        if (line) lines.push(line);
        if (wordWidth <= width) {
          line = word;
          lineWidth = wordWidth;
          continue;
        }
        // A word wider than the column (a long number or address) is broken between letters.
        const pieces = this.breakWord(font, word, width);
        line = pieces.pop() ?? '';
        lineWidth = this.width(font, line);
        lines.push(...pieces);
      }
      lines.push(line);
      if (lines.length > maxLines) break;
    }
    if (lines.length <= maxLines) return lines;
    const kept = lines.slice(0, Math.max(1, maxLines));
    kept[kept.length - 1] = this.withEllipsis(font, kept[kept.length - 1] ?? '', width);
    return kept;
  }

  private breakWord(font: string, word: string, width: number): string[] {
    const pieces: string[] = [];
    let piece = '';
    for (const letter of word) {
      if (piece && this.width(font, piece + letter) > width) {
        pieces.push(piece);
        piece = letter;
      } else piece += letter;
    }
    pieces.push(piece);
    return pieces;
  }

  private withEllipsis(font: string, line: string, width: number): string {
    let cut = line;
    while (cut && this.width(font, `${cut}…`) > width) cut = cut.slice(0, -1);
    return `${cut}…`;
  }

  private width(font: string, text: string): number {
    const key = `${font}\u0000${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = this.doc.font(font).fontSize(this.fontSize).widthOfString(text);
      this.widths.set(key, width);
    }
    return width;
  }
}
