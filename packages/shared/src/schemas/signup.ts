import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from './auth';
import { EMAIL_PATTERN, requiredText } from './common';

/** Length of every user's own referral id, and of the sponsor id a new student may give. */
export const REFERRAL_ID_LENGTH = 9;
export const PHONE_LENGTH = 10;

/** Sign-up messages in the order the spec checks them (spec 01 section 5). */
export const SIGNUP_MESSAGES = {
  college: 'Please Select College First',
  department: 'Please Select Department First',
  name: 'Please enter student name',
  nameTooLong: 'Name must be at most 120 characters',
  phone: 'Please enter phone number',
  phoneDigits: 'Please select a valid phone number contains 10 digits',
  email: 'Please enter email address',
  emailInvalid: 'Please enter valid email address',
  terms: 'Please accept the Terms and Conditions',
  course: 'Please select your courses',
  password: PASSWORD_MESSAGES.tooShort,
  passwordMismatch: PASSWORD_MESSAGES.mismatch,
  referral: 'Please enter valid referral id',
  allDetails: 'Please fill all details',
  emailTaken: 'An account with this email already exists. Please log in instead.',
  /** Not in the spec (issue 10): worded as the used-address message. */
  phoneTaken: 'An account with this phone number already exists. Please log in instead.',
  success: 'Registration successful. Please check your email to verify your account.',
  successTitle: 'Registration Successful',
  sponsorValid: (name: string) => `Sponsor is valid. Sponsor Name: ${name}`,
} as const;

/**
 * Student self-registration. The keys are declared in the spec's checking order: zod reports
 * issues in key order, and the first issue is the message the server and the page show.
 * The spec gives students no other way to get a password, so one is chosen here.
 */
export const SignupSchema = z
  .object({
    collegeId: z.uuid({ error: SIGNUP_MESSAGES.college }),
    departmentId: z.uuid({ error: SIGNUP_MESSAGES.department }),
    name: requiredText(SIGNUP_MESSAGES.name).max(120, { error: SIGNUP_MESSAGES.nameTooLong }),
    phone: requiredText(SIGNUP_MESSAGES.phone).regex(/^\d{10}$/, { error: SIGNUP_MESSAGES.phoneDigits }),
    email: requiredText(SIGNUP_MESSAGES.email)
      .toLowerCase()
      .max(254, { error: SIGNUP_MESSAGES.emailInvalid })
      .regex(EMAIL_PATTERN, { error: SIGNUP_MESSAGES.emailInvalid }),
    acceptTerms: z.literal(true, { error: SIGNUP_MESSAGES.terms }),
    courseId: z.uuid({ error: SIGNUP_MESSAGES.course }),
    password: z
      .string({ error: SIGNUP_MESSAGES.password })
      .min(PASSWORD_MIN_LENGTH, { error: SIGNUP_MESSAGES.password })
      .max(PASSWORD_MAX_LENGTH, { error: PASSWORD_MESSAGES.tooLong }),
    confirmPassword: z.string({ error: SIGNUP_MESSAGES.passwordMismatch }),
    sponsor: z
      .string()
      .trim()
      .refine((v) => v === '' || v.length === REFERRAL_ID_LENGTH, { error: SIGNUP_MESSAGES.referral })
      .optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: SIGNUP_MESSAGES.passwordMismatch,
    path: ['confirmPassword'],
  });
export type SignupInput = z.infer<typeof SignupSchema>;

export const SponsorResponseSchema = z.object({ name: z.string() });
