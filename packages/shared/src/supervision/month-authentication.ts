import { z } from 'zod';
import { RECORD_STATUSES } from '../records/types';
import { isMonth, MONTH_STATES } from './months';

/**
 * Monthly authentication (issue 30, PGMER-2023: the logbook is "assessed and authenticated
 * monthly by the PG teacher"). The resident's guide signs each calendar month once none of its
 * entries is pending, with their password again; the signature keeps who, when and a
 * fingerprint of the month's verified entries. A later change to an entry of that month marks it
 * changed after authentication.
 */

export const MONTH_AUTHENTICATION_MESSAGES = {
  badMonth: 'Please give the month as YYYY-MM (for example 2026-11).',
  futureMonth: 'A month can be authenticated only once it has begun.',
  passwordRequired: 'Please enter your password to authenticate the month.',
  wrongPassword: 'The password is not correct. Enter the password you sign in with.',
  tooManyAttempts: 'Too many wrong passwords. Please wait 15 minutes and try again.',
  notAllowed: "Only the resident's guide, unit head or HOD can authenticate the resident's months.",
  notAllowedToSee: "You can see the monthly authentication only of your own department's residents.",
  studentNotFound: 'Student not found',
  /** 409 while entries of the month wait for verification: how many, of which kinds. */
  pending: (total: number, kinds: ReadonlyArray<{ title: string; count: number }>) =>
    `This month cannot be authenticated yet: ${total} ${total === 1 ? 'entry is' : 'entries are'} still pending (${kinds
      .map((k) => `${k.count} ${k.title}`)
      .join(', ')}). Verify or reject ${total === 1 ? 'it' : 'them'} first.`,
  already: (label: string, by: string, on: string) =>
    `${label} is already authenticated (by ${by} on ${on}).`,
  authenticated: (label: string) => `${label} authenticated`,
  /** The signer's (and the guide's) notice when an entry of an authenticated month changes. */
  changedNotice: (studentName: string, label: string) =>
    `${studentName}'s logbook for ${label} changed after it was authenticated. Review the month and authenticate it again.`,
  changedSubject: (label: string) => `Logbook month changed after authentication: ${label}`,
  changedLabel: 'Changed after authentication',
  noGuide: 'No guide yet: the thesis guide once chosen, else the unit head on the profile.',
} as const;

/** The words each month state shows beside its colour (never colour alone). */
export const MONTH_STATE_LABELS: Record<(typeof MONTH_STATES)[number], string> = {
  authenticated: 'Authenticated',
  due: 'Due',
  overdue: 'Overdue',
  upcoming: 'Upcoming',
};

/** A month as the API takes it: YYYY-MM, years 2000-2100. */
export const MonthSchema = z
  .string({ error: MONTH_AUTHENTICATION_MESSAGES.badMonth })
  .trim()
  .refine(isMonth, { error: MONTH_AUTHENTICATION_MESSAGES.badMonth });

/** `POST /api/v1/students/{id}/authentications`: the month and the guide's password again. */
export const AuthenticateMonthSchema = z.object({
  month: MonthSchema,
  password: z
    .string({ error: MONTH_AUTHENTICATION_MESSAGES.passwordRequired })
    .min(1, { error: MONTH_AUTHENTICATION_MESSAGES.passwordRequired })
    .max(256, { error: MONTH_AUTHENTICATION_MESSAGES.wrongPassword }),
});
export type AuthenticateMonthInput = z.infer<typeof AuthenticateMonthSchema>;

/** A month's entries of one kind, counted by status. */
export const MonthKindCountSchema = z.object({
  kind: z.string(),
  title: z.string(),
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
});
export type MonthKindCount = z.infer<typeof MonthKindCountSchema>;

/** The signature: who authenticated the month, when, and the fingerprint of its verified entries. */
export const MonthSignatureSchema = z.object({
  id: z.string(),
  authenticatedBy: z.object({ id: z.string(), name: z.string() }),
  /** ISO timestamp. */
  authenticatedAt: z.string(),
  /** The verifiable PDF's scheme (`v2:<sha-256 hex>`) over the month's verified entries. */
  fingerprint: z.string(),
  verifiedEntries: z.number().int(),
  /** When an entry of the month first changed after this signature (ISO), or null. */
  changedAt: z.string().nullable(),
});
export type MonthSignature = z.infer<typeof MonthSignatureSchema>;

export const LogbookMonthSchema = z.object({
  month: z.string(),
  /** 'November 2026'. */
  label: z.string(),
  state: z.enum(MONTH_STATES),
  /** Authenticated, and an entry of the month changed since: shown wherever the month is. */
  changedAfterAuthentication: z.boolean(),
  /** The 10th of the next month (YYYY-MM-DD): overdue after it. */
  dueBy: z.string(),
  entries: z.object({
    total: z.number().int(),
    pending: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
  }),
  kinds: z.array(MonthKindCountSchema),
  authentication: MonthSignatureSchema.nullable(),
});
export type LogbookMonth = z.infer<typeof LogbookMonthSchema>;

/** Who the resident's guide is: the thesis guide once chosen, else the unit head. */
export const GuideSchema = z.object({
  id: z.string(),
  name: z.string(),
  source: z.enum(['thesis', 'unit-head']),
});

/** `GET /api/v1/students/{id}/authentications`: the resident's months, oldest first. */
export const StudentAuthenticationsSchema = z.object({
  student: z.object({
    id: z.string(),
    name: z.string(),
    collegeId: z.string().nullable(),
    departmentId: z.string().nullable(),
    departmentName: z.string().nullable(),
    joiningDate: z.string().nullable(),
  }),
  guide: GuideSchema.nullable(),
  /** Who may sign, for the page to offer the form by the shared policy. */
  signers: z.object({ thesisGuideId: z.string().nullable(), unitHeadId: z.string().nullable() }),
  months: z.array(LogbookMonthSchema),
});
export type StudentAuthentications = z.infer<typeof StudentAuthenticationsSchema>;

export const MonthEntrySchema = z.object({
  id: z.string(),
  kind: z.string(),
  kindTitle: z.string(),
  date: z.string().nullable(),
  status: z.enum(RECORD_STATUSES),
  summary: z.string().nullable(),
  /** The entry open on its kind's page. */
  path: z.string(),
});
export type MonthEntry = z.infer<typeof MonthEntrySchema>;

/** `GET /api/v1/students/{id}/authentications/{month}`: one month and its entries. */
export const MonthDetailSchema = z.object({
  month: LogbookMonthSchema,
  entries: z.array(MonthEntrySchema),
});
export type MonthDetail = z.infer<typeof MonthDetailSchema>;

export const AuthenticateMonthResponseSchema = z.object({
  message: z.string(),
  month: LogbookMonthSchema,
});
export type AuthenticateMonthResponse = z.infer<typeof AuthenticateMonthResponseSchema>;

/** A resident on the faculty dashboard's card: months waiting for the caller's signature. */
export const ResidentToAuthenticateSchema = z.object({
  student: z.object({ id: z.string(), name: z.string() }),
  relation: z.enum(['guide', 'unit-head', 'hod']),
  due: z.number().int(),
  overdue: z.number().int(),
  changed: z.number().int(),
});
export type ResidentToAuthenticate = z.infer<typeof ResidentToAuthenticateSchema>;

/** `GET /api/v1/authentications/residents`: the caller's residents with months to sign, most overdue first. */
export const ResidentsToAuthenticateSchema = z.object({
  items: z.array(ResidentToAuthenticateSchema),
  /** Residents with months to sign, beyond those listed. */
  more: z.number().int(),
});
export type ResidentsToAuthenticate = z.infer<typeof ResidentsToAuthenticateSchema>;

/** An authenticated month as the printable logbook, the PDF and the check page list it. */
export const AuthenticatedMonthSchema = z.object({
  month: z.string(),
  label: z.string(),
  authenticatedBy: z.string(),
  /** Long-month date ('5 December 2026'). */
  authenticatedOn: z.string(),
  verifiedEntries: z.number().int(),
  fingerprint: z.string(),
  changedAfterAuthentication: z.boolean(),
});
export type AuthenticatedMonth = z.infer<typeof AuthenticatedMonthSchema>;

/** The printed list's title and columns (print page, PDF). */
export const AUTHENTICATED_MONTHS_TITLE = 'Monthly Authentication';
export const AUTHENTICATED_MONTHS_COLUMNS = [
  'Month',
  'Authenticated by',
  'On',
  'Verified entries',
  'Status',
] as const;
export const AUTHENTICATED_MONTHS_NONE = 'No month has been authenticated yet.';

/** A printed row's Status cell. */
export function authenticatedMonthStatus(month: AuthenticatedMonth): string {
  return month.changedAfterAuthentication ? MONTH_AUTHENTICATION_MESSAGES.changedLabel : 'Authenticated';
}

/** The guide's page of one resident's months. */
export function monthAuthenticationPath(studentId: string, month?: string): string {
  const base = `/authentication/${encodeURIComponent(studentId)}`;
  return month ? `${base}?month=${month}` : base;
}

/**
 * The authenticated months as one more printed section (the print page and the PDF draw it after
 * the logbook's own): a table, or a line saying none is. Never in `PrintLogbook.sections`, which
 * the fingerprint reads.
 */
export function authenticatedMonthsSection(months: readonly AuthenticatedMonth[]) {
  return {
    key: 'month-authentications',
    title: AUTHENTICATED_MONTHS_TITLE,
    blocks:
      months.length === 0
        ? [{ type: 'paragraphs' as const, paragraphs: [AUTHENTICATED_MONTHS_NONE] }]
        : [
            {
              type: 'table' as const,
              columns: [...AUTHENTICATED_MONTHS_COLUMNS],
              verified: months.map((m) => ({
                id: m.month,
                status: 'approved' as const,
                cells: [
                  m.label,
                  m.authenticatedBy,
                  m.authenticatedOn,
                  String(m.verifiedEntries),
                  authenticatedMonthStatus(m),
                ],
              })),
              unverified: [],
            },
          ],
  };
}
