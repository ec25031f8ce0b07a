import {
  BACKGROUND_REQUEST_HEADER,
  ErrorResponseSchema,
  GENERIC_MESSAGES,
} from '@pgel/shared/schemas/common';

const API_BASE = '/api/v1';

/**
 * A failed API call. `message` is what the page shows: the server's own message for a 4xx,
 * a generic one otherwise. `status` is 0 when the server could not be reached at all.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The server's message per form field (`{ code, message, fieldErrors }`), when it sent them. */
  readonly fieldErrors: Readonly<Record<string, string>> | undefined;

  constructor(status: number, code: string, message: string, fieldErrors?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

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
};

/**
 * Calls the JSON API under /api/v1 with the session cookie (same origin). The content type is
 * only sent with a body: the server refuses an empty body declared as JSON.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal, background } = options;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        ...(body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' }),
        ...(background ? { [BACKGROUND_REQUEST_HEADER]: '1' } : {}),
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
