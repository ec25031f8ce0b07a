import jsQR from 'jsqr';
import * as mupdf from 'mupdf';

/** One page of a PDF as a reader sees it: its text and what its QR code says (null for none). */
export type ReadPage = { text: string; qr: string | null };

/**
 * Reads a PDF back the way a person would: each page's text (MuPDF) and the QR code found in a
 * 2x render of the page (jsQR). For tests of generated PDFs.
 */
export function readPdf(bytes: Buffer | Uint8Array, options: { qr?: boolean } = {}): ReadPage[] {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  const pages: ReadPage[] = [];
  for (let i = 0; i < doc.countPages(); i += 1) {
    const page = doc.loadPage(i);
    const text = page.toStructuredText('preserve-whitespace').asText();
    let qr: string | null = null;
    if (options.qr !== false) {
      const pixmap = page.toPixmap(mupdf.Matrix.scale(2, 2), mupdf.ColorSpace.DeviceRGB, true);
      qr = findQr(pixmap.getPixels(), pixmap.getWidth(), pixmap.getHeight());
      pixmap.destroy();
    }
    pages.push({ text, qr });
    page.destroy();
  }
  doc.destroy();
  return pages;
}

/**
 * The QR code in an RGBA image: the bottom quarter first (where page footers put it; scanning a
 * quarter is four times faster), then the whole page.
 */
function findQr(pixels: Uint8ClampedArray | Uint8Array, width: number, height: number): string | null {
  const top = Math.floor(height * 0.75);
  const bottom = new Uint8ClampedArray(
    pixels.buffer,
    pixels.byteOffset + top * width * 4,
    (height - top) * width * 4,
  );
  const found =
    jsQR(bottom, width, height - top) ??
    jsQR(new Uint8ClampedArray(pixels.buffer, pixels.byteOffset, pixels.length), width, height);
  return found?.data ?? null;
}

/** Collects a readable stream (a PDFKit document, a response body) into one buffer. */
export async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
