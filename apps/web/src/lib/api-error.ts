// Apart from api-client.ts, which brings the shared schemas (zod): the query client's retry rule
// needs only this, and it is loaded before any page (app/query-client.ts).
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
