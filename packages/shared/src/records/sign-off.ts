import { z } from 'zod';
import { LOGIN_MESSAGES } from '../schemas/auth';
import { EMAIL_PATTERN } from '../schemas/common';
import { RECORD_MESSAGES, RecordDetailSchema, VerifyRecordSchema } from './api';
import { RECORD_STATUS_LABELS, type Verdict } from './types';

/** The most entries one sign-off on the resident's device verifies (issue 30). */
export const SIGN_OFF_MAX = 20;

/** A sign-off's password is checked, never kept: a bound on what is hashed, not a rule. */
const PASSWORD_INPUT_MAX = 1000;

/**
 * Sign-off on the spot (issue 30): the faculty member beside the resident verifies entries on the
 * resident's phone with their own e-mail and password, without anyone signing out.
 */
export const SIGN_OFF_MESSAGES = {
  action: 'Sign off now',
  selectedAction: 'Sign off selected',
  title: 'Sign off now',
  /** Shown at the top of the form: whose hands it is for, and what it does not do. */
  intro:
    'Faculty member: enter your own e-mail and password, then your verdict. This records your verification only; nobody is signed in or out on this phone.',
  credentialsLegend: 'Faculty member',
  emailLabel: 'Faculty e-mail',
  passwordLabel: 'Faculty password',
  submit: 'Sign off',
  emailRequired: "Please enter the faculty member's e-mail.",
  emailInvalid: LOGIN_MESSAGES.invalidEmail,
  passwordRequired: "Please enter the faculty member's password.",
  selectRecords: RECORD_MESSAGES.selectRecords,
  tooMany: `Please select at most ${SIGN_OFF_MAX} entries to sign off at once.`,
  wrongCredentials: LOGIN_MESSAGES.wrongCredentials,
  tooManyAttempts: 'Too many failed attempts with this e-mail. Please wait 15 minutes and try again.',
  /** A student's account, or any account that verifies nothing (Master, Admin, a clerk). */
  notVerifier: "This account may not verify entries. Only your department's faculty can sign off.",
  /** Staff of another college or department, or a coordinator the resident is not posted to. */
  mayNotVerify: 'This faculty member may not verify the selected entries.',
  blocked: LOGIN_MESSAGES.blocked,
  notVerified: LOGIN_MESSAGES.staffNotVerified,
  /** A password someone else chose, or an account still awaiting confirmation. */
  notReady:
    'This faculty account cannot sign off yet. Please sign in on your own device first and complete your account.',
  /** The history's note on a verification made this way (the words, exactly). */
  onResidentDevice: "signed on the resident's device",
  /** The success notice: who signed, and what. */
  signedOff: (verifierName: string, status: Verdict, count: number) =>
    count === 1
      ? `Signed off by ${verifierName}: entry ${RECORD_STATUS_LABELS[status]}.`
      : `Signed off by ${verifierName}: ${count} entries ${RECORD_STATUS_LABELS[status]}.`,
  /** The faculty member's own in-app notice, so a password used by someone else is noticed. */
  facultyNotice: (residentName: string, count: number) =>
    count === 1
      ? `You signed off an entry of ${residentName} on their device`
      : `You signed off ${count} entries of ${residentName} on their device`,
} as const;

/** The faculty member's own address and password, checked like a sign-in and never kept. */
const credentials = {
  email: z
    .string({ error: SIGN_OFF_MESSAGES.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: SIGN_OFF_MESSAGES.emailRequired })
    .max(320, { error: SIGN_OFF_MESSAGES.emailInvalid })
    .regex(EMAIL_PATTERN, { error: SIGN_OFF_MESSAGES.emailInvalid }),
  password: z
    .string({ error: SIGN_OFF_MESSAGES.passwordRequired })
    .min(1, { error: SIGN_OFF_MESSAGES.passwordRequired })
    .max(PASSWORD_INPUT_MAX, { error: SIGN_OFF_MESSAGES.wrongCredentials }),
};

/**
 * POST /records/{id}/sign-off (the resident's session): the faculty member's credentials and the
 * usual verification (verdict, score or rubric, feedback, confirmed role).
 */
export const SignOffRecordSchema = VerifyRecordSchema.extend(credentials);
export type SignOffRecordInput = z.infer<typeof SignOffRecordSchema>;

/** POST /records/sign-off: the same for up to SIGN_OFF_MAX of the resident's pending entries. */
export const SignOffRecordsSchema = SignOffRecordSchema.extend({
  recordIds: z
    .array(z.uuid({ error: SIGN_OFF_MESSAGES.selectRecords }), { error: SIGN_OFF_MESSAGES.selectRecords })
    .min(1, { error: SIGN_OFF_MESSAGES.selectRecords })
    .max(SIGN_OFF_MAX, { error: SIGN_OFF_MESSAGES.tooMany }),
});
export type SignOffRecordsInput = z.infer<typeof SignOffRecordsSchema>;

/** What a sign-off answers: who signed (the notice names them) and how many entries it verified. */
export const SignOffResponseSchema = z.object({
  message: z.string(),
  verifierName: z.string(),
  updatedCount: z.number().int(),
});
export type SignOffResponse = z.infer<typeof SignOffResponseSchema>;

/** One entry signed off: the same, with the entry as the resident now sees it (verified). */
export const SignOffRecordResponseSchema = SignOffResponseSchema.extend({ record: RecordDetailSchema });
export type SignOffRecordResponse = z.infer<typeof SignOffRecordResponseSchema>;
