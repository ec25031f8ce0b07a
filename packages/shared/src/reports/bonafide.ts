import { z } from 'zod';

/** The Bonafide Certificate (spec 01 section 2.11): offered in the profile menu to certified students. */
export const BONAFIDE_MESSAGES = {
  menuLabel: 'Bonafide Certificate',
  notCertified: 'Your bonafide certificate is not available yet: your HOD has not certified you.',
  certified: 'Student certified successfully',
  uncertified: 'Certification removed',
  fileName: 'bonafide-certificate.pdf',
  title: 'BONAFIDE CERTIFICATE',
} as const;

export const SetCertifiedSchema = z.object({ certified: z.boolean() });
export type SetCertifiedInput = z.infer<typeof SetCertifiedSchema>;
