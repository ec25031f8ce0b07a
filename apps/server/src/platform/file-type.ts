import { truncateText } from '@pgel/shared/text';

/**
 * The type of an upload, decided from its first bytes and never from what the client says
 * (DESIGN.md section 4). Office formats have no signature of their own: an old Office file is an
 * OLE2 compound file and a new one a ZIP, so for those the extension picks among the formats the
 * container can hold, and a ZIP must also contain the part that format requires.
 */

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const OLE2_BY_EXTENSION: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

/** For each Office Open XML extension: its type and the folder its main part lives in. */
const OOXML_BY_EXTENSION: Record<string, { type: string; folder: string }> = {
  docx: { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', folder: 'word/' },
  xlsx: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', folder: 'xl/' },
  pptx: { type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', folder: 'ppt/' },
};

/**
 * Where a PDF's last `%%EOF` must be: readers (Acrobat's rule, followed by the others) look for
 * it in the last 1024 bytes, so a real PDF never has more after it.
 */
const PDF_TAIL_BYTES = 1024;
/**
 * What comes before `obj` in an indirect object's header (`12 0 obj`), matched only on the few
 * bytes before each `obj`: run over a whole upload, such a pattern backtracks on long runs of
 * digits (quadratic time on a 10 MB file of them).
 */
const PDF_OBJECT_NUMBERS = /\d+[\s\0]+\d+[\s\0]+$/;

function startsWith(data: Buffer, signature: Buffer | string, offset = 0): boolean {
  const bytes = typeof signature === 'string' ? Buffer.from(signature, 'latin1') : signature;
  return data.length >= offset + bytes.length && data.subarray(offset, offset + bytes.length).equals(bytes);
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * True when bytes that start `%PDF-` are built like a PDF: an indirect object, a trailer (the
 * `trailer` dictionary, or `startxref` for a PDF whose cross-reference is a stream) and `%%EOF`
 * at the end. Issue 27: an HTML page that merely starts with `%PDF-` was taken for a PDF. A
 * crafted file can still hold all three (the polyglot in uploads-hostile.test.ts does), which is
 * why every upload is also served sandboxed (file-response.ts); this refuses the lazy case.
 */
export function hasPdfStructure(data: Buffer): boolean {
  if (!startsWith(data, '%PDF-')) return false;
  const tail = data.subarray(Math.max(0, data.length - PDF_TAIL_BYTES));
  if (!tail.includes('%%EOF')) return false;
  if (!data.includes('startxref') && !data.includes('trailer')) return false;
  return hasIndirectObject(data);
}

/** True when `data` holds an indirect object's header; every PDF has one (its catalog). */
function hasIndirectObject(data: Buffer): boolean {
  for (let at = data.indexOf('obj'); at >= 0; at = data.indexOf('obj', at + 3)) {
    const before = data.subarray(Math.max(0, at - 24), at).toString('latin1');
    if (PDF_OBJECT_NUMBERS.test(before)) return true;
  }
  return false;
}

/** The content type of `data`, or null when it is none we accept. */
export function detectContentType(data: Buffer, fileName: string): string | null {
  if (startsWith(data, Buffer.from([0xff, 0xd8, 0xff]))) return 'image/jpeg';
  if (startsWith(data, PNG)) return 'image/png';
  if (startsWith(data, 'GIF87a') || startsWith(data, 'GIF89a')) return 'image/gif';
  if (startsWith(data, 'RIFF') && startsWith(data, 'WEBP', 8)) return 'image/webp';
  if (startsWith(data, '%PDF-')) return hasPdfStructure(data) ? 'application/pdf' : null;
  const extension = extensionOf(fileName);
  if (startsWith(data, OLE2)) return OLE2_BY_EXTENSION[extension] ?? null;
  if (startsWith(data, ZIP)) {
    const format = OOXML_BY_EXTENSION[extension];
    // ZIP keeps entry names in plain bytes, so the required parts can be found without unzipping.
    if (format && data.includes('[Content_Types].xml') && data.includes(format.folder)) return format.type;
    return null;
  }
  return null;
}

/**
 * A client's file name made safe to keep and to send back in Content-Disposition: the last path
 * segment, without control characters, at most 200 characters (keeping the extension).
 */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (cleaned === '' || cleaned === '.' || cleaned === '..') return 'file';
  if (cleaned.length <= 200) return cleaned;
  const extension = extensionOf(cleaned);
  const keep = extension.length > 0 && extension.length < 10 ? `.${extension}` : '';
  return truncateText(cleaned, 200 - keep.length) + keep;
}
