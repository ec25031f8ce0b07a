import {
  BACKGROUND_REQUEST_HEADER,
  ErrorResponseSchema,
  GENERIC_MESSAGES,
} from '@pgel/shared/schemas/common';
import { ApiError } from './api-error';

const API_BASE = '/api/v1';

export { ApiError, isApiError } from './api-error';

/** The text to show for any error thrown by a fetcher. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return GENERIC_MESSAGES.tryAgain;
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /**
   * A poll the page makes on its own (notifications): it must not count as the user being
   * active, or an open tab would never reach the server's idle expiry.
   */
  background?: boolean;
  /** Sent as `Idempotency-Key` on a create: a retry with the same key creates nothing new. */
  idempotencyKey?: string;
};

/**
 * Calls the JSON API under /api/v1 with the session cookie (same origin). The content type is
 * only sent with a body: the server refuses an empty body declared as JSON.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const {
    method = options.body === undefined ? 'GET' : 'POST',
    body,
    signal,
    background,
    idempotencyKey,
  } = options;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        ...(body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' }),
        ...(background ? { [BACKGROUND_REQUEST_HEADER]: '1' } : {}),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network', GENERIC_MESSAGES.tryAgainLater);
  }

  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = ErrorResponseSchema.safeParse(payload);
    const message = parsed.success && parsed.data.message ? parsed.data.message : GENERIC_MESSAGES.fallback;
    throw new ApiError(
      response.status,
      parsed.success ? parsed.data.code : 'http_error',
      message,
      parsed.success ? parsed.data.fieldErrors : undefined,
    );
  }
  return payload as T;
}
