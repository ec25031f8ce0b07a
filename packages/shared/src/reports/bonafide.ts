import { z } from 'zod';
import { MONTH_NAMES } from '../supervision/months';
import { DocumentCheckSchema } from './documents';

/** The Bonafide Certificate (spec 01 section 2.11): offered in the profile menu to certified students. */
export const BONAFIDE_MESSAGES = {
  menuLabel: 'Bonafide Certificate',
  notCertified: 'Your bonafide certificate is not available yet: your HOD has not certified you.',
  certified: 'Student certified successfully',
  uncertified: 'Certification removed',
  fileName: 'bonafide-certificate.pdf',
  title: 'BONAFIDE CERTIFICATE',
  columnLabel: 'Certified',
  confirmTitle: 'Are you sure?',
  confirmCertify:
    'A Bonafide Certificate is issued now with a reference number, and the student is told they can download it.',
  confirmUncertify:
    'The certificate is withdrawn: its check code will say revoked and the student can no longer download it.',
  /** The certificate prints these; the HOD cannot certify while any is missing (issue 28). */
  missing: (labels: readonly string[]) =>
    `Cannot certify yet. The certificate needs what the student's profile lacks: ${labels.join(', ')}.`,
  /** Under a disabled Certified switch on /allStudent. */
  missingShort: (labels: readonly string[]) => `Profile lacks: ${labels.join(', ')}`,
  /** A student certified before certificates had numbers, whose profile now lacks a field. */
  cannotIssue: (labels: readonly string[]) =>
    `Your bonafide certificate cannot be issued yet: your profile lacks ${labels.join(', ')}. Complete your profile, then download it again.`,
  /** The student's in-app notice and mail when the certificate becomes available. */
  availableNotice: 'Your Bonafide Certificate is ready: download it from your profile.',
  availableSubject: 'Your Bonafide Certificate is ready',
  /** The profile page's card. */
  cardTitle: 'Bonafide Certificate',
  cardText:
    'Your HOD has certified you. Download the certificate as a PDF; its QR code lets anyone check it.',
  download: 'Download certificate',
} as const;

/** What the certificate prints that a profile may lack, as the refusal names them. */
export const BONAFIDE_FIELD_LABELS = {
  parentName: "Father's or mother's name",
  joiningDate: 'joining date',
  department: 'department',
  college: 'college',
  hod: "a Head of the Department for the student's department",
} as const;

/** The profile fields the certificate prints: the labels of those missing, in print order. */
export function bonafideMissingFields(profile: {
  fatherName: string | null;
  motherName: string | null;
  joiningDate: string | null;
  departmentName: string | null;
  collegeName: string | null;
}): string[] {
  const blank = (value: string | null) => value === null || value.trim() === '';
  const missing: string[] = [];
  if (blank(profile.fatherName) && blank(profile.motherName)) missing.push(BONAFIDE_FIELD_LABELS.parentName);
  if (blank(profile.joiningDate)) missing.push(BONAFIDE_FIELD_LABELS.joiningDate);
  if (blank(profile.departmentName)) missing.push(BONAFIDE_FIELD_LABELS.department);
  if (blank(profile.collegeName)) missing.push(BONAFIDE_FIELD_LABELS.college);
  return missing;
}

export const SetCertifiedSchema = z.object({ certified: z.boolean() });
export type SetCertifiedInput = z.infer<typeof SetCertifiedSchema>;

export const SetCertifiedResponseSchema = z.object({
  message: z.string(),
  certified: z.boolean(),
  /** The issued certificate's reference ('BON/2026-27/000001'); null once withdrawn. */
  reference: z.string().nullable(),
});
export type SetCertifiedResponse = z.infer<typeof SetCertifiedResponseSchema>;

/** Where the web app downloads the certificate from (the profile menu item). */
export const BONAFIDE_PATH = '/api/v1/bonafide';
/** Where the student's notice and mail lead: the profile page, which offers the download. */
export const BONAFIDE_PAGE = '/profile';

/** The signature block under the certificate text. */
export const BONAFIDE_SIGNATURE_TITLE = 'Head of the Department';

/** Certificate references: BON/{financial year}/{6-digit number of the year's series}. */
export const BONAFIDE_REFERENCE_PREFIX = 'BON';

/** The Indian financial year (April to March) of a YYYY-MM-DD date: '2026-27'. */
export function financialYearOf(isoDate: string): string {
  const [y, m] = isoDate.split('-').map(Number) as [number, number];
  const start = m >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export function formatBonafideReference(financialYear: string, sequence: number): string {
  return `${BONAFIDE_REFERENCE_PREFIX}/${financialYear}/${String(sequence).padStart(6, '0')}`;
}

/** A YYYY-MM-DD date as the certificate prints it: '1 August 2024'. */
export function formatBonafideDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTH_NAMES[m - 1]} ${y}`;
}

/** The public check of a certificate's code (`/check/{code}`, issue 28): genuine or revoked. */
export const BONAFIDE_CHECK_MESSAGES = {
  title: 'Bonafide certificate check',
  genuine: 'genuine',
  genuineText: 'This Bonafide Certificate is genuine: the college issued it and has not withdrawn it.',
  revoked: 'revoked',
  revokedText:
    'This Bonafide Certificate was withdrawn by the college and is no longer valid. Ask the student for a newly issued one.',
} as const;

export const BONAFIDE_STATES = ['genuine', 'revoked'] as const;

export const BonafideCheckSchema = z.object({
  kind: z.literal('bonafide'),
  code: z.string(),
  state: z.enum(BONAFIDE_STATES),
  reference: z.string(),
  studentName: z.string(),
  collegeName: z.string(),
  departmentName: z.string(),
  /** The issue date as printed ('5 May 2026'). */
  issuedOn: z.string(),
  /** When the certificate was withdrawn (ISO timestamp), or null. */
  revokedAt: z.string().nullable(),
});
export type BonafideCheck = z.infer<typeof BonafideCheckSchema>;

/**
 * What `GET /check/{code}` answers: a bonafide certificate's check (it carries `kind`), or a
 * logbook document's. The bonafide shape is tried first: a logbook answer has no `kind`.
 */
export const CheckResultSchema = z.union([BonafideCheckSchema, DocumentCheckSchema]);
export type CheckResult = z.infer<typeof CheckResultSchema>;

export function isBonafideCheck(check: CheckResult): check is BonafideCheck {
  return 'kind' in check && check.kind === 'bonafide';
}
