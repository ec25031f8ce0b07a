import { IMAGE_TYPES, PDF_TYPE } from '@pgel/shared/schemas/files';
import type { FastifyReply } from 'fastify';

/**
 * The one place that decides how a file goes out: uploads read back, generated PDFs, CSV
 * exports. Whatever bytes a file holds (a polyglot, HTML behind a PDF header), the browser is
 * told its type and may not guess another (nosniff), only images and PDFs may open in the page,
 * and a document that opens anyway can run nothing: no scripts, no requests, no same-origin
 * powers.
 */

/** Types a browser may show in place: images the server sniffed, and PDFs. Anything else is saved. */
const INLINE_TYPES: readonly string[] = [...IMAGE_TYPES, PDF_TYPE];

/**
 * The CSP of every file, PDFs included: nothing loads and nothing runs; `sandbox` (no tokens)
 * gives the document a unique origin, so even markup that slipped through could not reach the
 * site's cookies or API. (Inline style only lets the browser centre an image it shows on its
 * own.)
 *
 * Issue 27: PDFs used to go out without `sandbox`, so a file that only looked like a PDF ran
 * with the site's origin in any browser that would render it as something else. Chromium's PDF
 * viewer needs no sandbox token: checked in Chromium 156, with the viewer in its own frame (the
 * default) and in the older plugin-style viewer (`--disable-features=PdfOopif`), in the file
 * viewer's iframe and opened on its own. It needs neither `allow-scripts` (the viewer is the
 * browser's, not the document's script) nor `object-src` (the viewer is not an embedding of
 * ours), and `allow-scripts` is what must never be given to a document that may be HTML. A
 * browser that will not show a sandboxed PDF still offers it for download.
 */
export const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'";

/** File name extensions that match each type a file can be served as. */
const EXTENSIONS: Record<string, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jfif'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  [PDF_TYPE]: ['pdf'],
  'application/msword': ['doc'],
  'application/vnd.ms-excel': ['xls'],
  'application/vnd.ms-powerpoint': ['ppt'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'text/csv': ['csv'],
};

/**
 * The name a file is saved under: the uploader's name, with the extension of its real type added
 * when the name claims another (a PDF uploaded as `page.html` is saved as `page.html.pdf`, so the
 * saved copy never opens in a browser as HTML).
 */
export function servedFileName(fileName: string, contentType: string): string {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const allowed = EXTENSIONS[type];
  if (!allowed) return fileName;
  const dot = fileName.lastIndexOf('.');
  const extension = dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
  return allowed.includes(extension) ? fileName : `${fileName}.${allowed[0]}`;
}

/**
 * RFC 6266 / 5987: a plain-ASCII fallback name and, when that is not the exact name, the exact
 * UTF-8 one.
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  if (encoded === fallback) return `${kind}; filename="${fallback}"`;
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export type FileResponse = {
  /** The type the server decided (from the bytes for uploads), never what a client claimed. */
  contentType: string;
  fileName: string;
  /** Ask for a download even for a type that may be shown in place. */
  download?: boolean;
  /** Byte length, when known before sending. */
  size?: number;
};

/**
 * Sets the type and the headers every file response carries: Content-Disposition (inline only
 * for images and PDFs), X-Content-Type-Options: nosniff and the sandboxing CSP. Returns the reply
 * for chaining the module's own headers (caching, ETag) and `send`.
 */
export function fileResponse(reply: FastifyReply, file: FileResponse): FastifyReply {
  const type = file.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const inline = !file.download && INLINE_TYPES.includes(type);
  reply
    .type(file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', FILE_CSP)
    .header(
      'content-disposition',
      contentDisposition(inline ? 'inline' : 'attachment', servedFileName(file.fileName, file.contentType)),
    );
  if (file.size !== undefined) reply.header('content-length', String(file.size));
  return reply;
}

/**
 * The headers alone, for a 304 or any answer whose type is set elsewhere: nosniff and the CSP
 * of a file, so no answer of a file route is left with the site's page policy.
 */
export function fileSecurityHeaders(reply: FastifyReply): FastifyReply {
  return reply.header('x-content-type-options', 'nosniff').header('content-security-policy', FILE_CSP);
}
