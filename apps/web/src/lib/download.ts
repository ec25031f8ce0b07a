import { ErrorResponseSchema, GENERIC_MESSAGES } from '@pgel/shared/schemas/common';
import { ApiError } from './api-error';

/** The file name a `Content-Disposition: attachment` answer names, or `fallback`. */
export function attachmentName(header: string | null, fallback: string): string {
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '')?.[1];
  if (utf8) {
    try {
      return decodeURIComponent(utf8);
    } catch {
      // A malformed encoding: fall through to the plain name.
    }
  }
  return /filename="([^"]+)"/i.exec(header ?? '')?.[1] ?? fallback;
}

/**
 * Downloads a file the API makes (a PDF, a CSV) and saves it under the server's file name. Read
 * first, saved after: a refusal (403, 404) becomes an ApiError with the server's message for the
 * page to show, instead of a JSON error saved as `.pdf`.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'network', GENERIC_MESSAGES.tryAgainLater);
  }
  if (!response.ok) {
    const parsed = ErrorResponseSchema.safeParse(await response.json().catch(() => undefined));
    throw new ApiError(
      response.status,
      parsed.success ? parsed.data.code : 'http_error',
      parsed.success && parsed.data.message ? parsed.data.message : GENERIC_MESSAGES.fallback,
    );
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = attachmentName(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is released once it has been read.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
