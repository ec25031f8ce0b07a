import { z } from 'zod';
import { AuthenticatedMonthSchema } from '../supervision/month-authentication';

/**
 * The verifiable PDF (issue 14): each issued PDF gets a short code; its QR code opens
 * `/check/{code}`, a public page that says whether the logbook still matches what was issued.
 */
export const DOCUMENT_CODE_LENGTH = 10;
/** Crockford base32 without look-alikes (no I, L, O, U): easy to read off paper and type. */
export const DOCUMENT_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const DocumentCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(new RegExp(`^[${DOCUMENT_CODE_ALPHABET}]{${DOCUMENT_CODE_LENGTH}}$`), 'Invalid document code');

export function checkPath(code: string): string {
  return `/check/${code}`;
}

export const CHECK_MESSAGES = {
  genuine: 'genuine',
  genuineText:
    'This printout is genuine: the logbook still holds exactly the verified entries it was issued with.',
  changed: 'changed since issue',
  changedText:
    'The logbook has changed since this document was issued: verified entries were added, changed or removed. Ask the student for a newly issued copy.',
  notFound: 'No document has this code. Check the code printed on the page.',
  title: 'Logbook document check',
} as const;

export const DOCUMENT_STATES = ['genuine', 'changed'] as const;

export const DocumentCheckSchema = z.object({
  code: z.string(),
  state: z.enum(DOCUMENT_STATES),
  studentName: z.string(),
  collegeName: z.string(),
  departmentName: z.string(),
  /** Long-month dates, as printed. */
  periodFrom: z.string(),
  periodTo: z.string(),
  issuedAt: z.string(),
  /** Verified entries per section when issued, in PRINT_SECTIONS order; now, for comparison. */
  sections: z.array(
    z.object({ key: z.string(), title: z.string(), issued: z.number().int(), current: z.number().int() }),
  ),
  /**
   * The fingerprint when issued, and now by the same formula: SHA-256 hex over the verified
   * entries (and, from version 2, the thesis facts), versioned as `v<n>:<hex>` (bare hex is
   * version 1, issued before versions were written). Now is '' when the student is gone.
   */
  fingerprint: z.string(),
  currentFingerprint: z.string(),
  /** The logbook's authenticated months now (issue 30), each marked when changed since. */
  authenticatedMonths: z.array(AuthenticatedMonthSchema),
});
export type DocumentCheck = z.infer<typeof DocumentCheckSchema>;

/** Public checks per address and window: each one reads a whole logbook. */
export const CHECK_THROTTLE = { maxPerWindow: 60, windowMs: 15 * 60 * 1000 } as const;
export const CHECK_TOO_MANY =
  'Too many document checks from this address. Please wait a few minutes and try again.';
