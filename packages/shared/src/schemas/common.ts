import { z } from 'zod';

/** Every error the API sends has this shape; `message` is what the page shows. */
export const ErrorResponseSchema = z.object({
  code: z.string(),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** True for a canonical uuid; other ids in a URL are simply not found (404), never a 500. */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** Sent with requests the page makes by itself (polls); the server does not count them as activity. */
export const BACKGROUND_REQUEST_HEADER = 'x-background-request';

/** Title of every client-side validation dialog (login, sign-up, reset). */
export const VALIDATION_TITLE = 'Validation Failed';

/** Generic messages of spec 01 section 8. */
export const GENERIC_MESSAGES = {
  errorTitle: 'Error',
  tryAgain: 'Something went wrong. Please try again.',
  fallback: 'Something went wrong',
  tryAgainLater: 'Something went wrong. Please try again later.',
  unexpected: 'Unexpected Application Error!',
  badLink: 'This link is not valid. Please check that you copied all of it.',
  /** The database is away for a moment (503); the server reconnects by itself. */
  unavailable: 'The service is briefly unavailable. Please try again in a moment.',
  /** Many changes to the same data at once, still colliding after the server's own retries (503). */
  busy: 'Too many changes arrived at the same moment. Please try again.',
} as const;

/** A simple address pattern, as the spec's login check uses: something@something.something */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Fields every required-text check shares: a string, trimmed, not empty, with one message. */
export function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message });
}

/** Answers to input refused for every route, before its own schema looks at it. */
export const INPUT_MESSAGES = {
  /** Text no database can store: a NUL, or half of a UTF-16 surrogate pair (a cut emoji). */
  invalidCharacters: 'Text must not contain invalid characters.',
  /** JSON nested far deeper than any form sends. */
  tooDeep: 'The request is nested too deeply.',
} as const;
