import { z } from 'zod';

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
  confirmCertify: 'The student will be able to download the Bonafide Certificate.',
  confirmUncertify: 'The student will no longer be able to download the Bonafide Certificate.',
} as const;

export const SetCertifiedSchema = z.object({ certified: z.boolean() });
export type SetCertifiedInput = z.infer<typeof SetCertifiedSchema>;

export const SetCertifiedResponseSchema = z.object({ message: z.string(), certified: z.boolean() });
export type SetCertifiedResponse = z.infer<typeof SetCertifiedResponseSchema>;

/** Where the web app downloads the certificate from (the profile menu item). */
export const BONAFIDE_PATH = '/api/v1/bonafide';

/** The signature block under the certificate text. */
export const BONAFIDE_SIGNATURE_TITLE = 'Head of the Department';

const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A YYYY-MM-DD date as the certificate prints it: '1 August 2024'. */
export function formatBonafideDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return `${d} ${LONG_MONTHS[m - 1]} ${y}`;
}
