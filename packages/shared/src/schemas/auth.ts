import { z } from 'zod';
import { EMAIL_PATTERN, requiredText } from './common';
import { SessionUserSchema } from './session-user';

/** Minimum password length for every password a user chooses (sign-up, reset, change). */
export const PASSWORD_MIN_LENGTH = 8;
/** Upper bound on any password, so nobody can make the server hash megabytes. */
export const PASSWORD_MAX_LENGTH = 200;

/** Login messages (spec 01 sections 5 and 8); validation dialogs are titled VALIDATION_TITLE. */
export const LOGIN_MESSAGES = {
  failedTitle: 'Login Failed',
  allDetails: 'Please enter all details',
  invalidEmail: 'Please enter valid email address',
  wrongCredentials: 'Invalid email or password',
  emailNotVerified: 'Please verify your email address first. Check your inbox for the verification link.',
  staffNotVerified: 'Your account is not verified yet. Please use the verification link sent to your email.',
  blocked: 'Your account has been blocked. Please contact your head of department.',
  notStudent: 'This account is a faculty account. Please use the Faculty Login tab.',
  notStaff: 'This account is a student account. Please use the Student Login tab.',
  tooManyAttempts: 'Too many failed login attempts. Please wait 15 minutes and try again.',
  success: 'Login successful',
} as const;

/**
 * Login payload. Both fields are checked for presence first, then the address pattern, so the
 * first message is the one the spec shows ('Please enter all details' before the e-mail check).
 */
export const LoginSchema = z
  .object({
    email: z.string().trim().toLowerCase().optional(),
    password: z.string().optional(),
    remember: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.email || !value.password) {
      ctx.addIssue({ code: 'custom', message: LOGIN_MESSAGES.allDetails, path: ['email'] });
    } else if (!EMAIL_PATTERN.test(value.email)) {
      ctx.addIssue({ code: 'custom', message: LOGIN_MESSAGES.invalidEmail, path: ['email'] });
    }
  });
export type LoginInput = z.infer<typeof LoginSchema>;

export const LoginResponseSchema = z.object({ message: z.string(), user: SessionUserSchema });

/** Forgot-password prompt (spec 01 section 5). */
export const FORGOT_PASSWORD_MESSAGES = {
  required: 'Email is required!',
  invalid: 'Please enter a valid email!',
  sent: 'If an account exists for this email, a password reset link has been sent to it.',
  title: 'Forgot Password',
  sentTitle: 'Check Your Email',
} as const;

export const ForgotPasswordSchema = z.object({
  email: requiredText(FORGOT_PASSWORD_MESSAGES.required)
    .toLowerCase()
    .regex(EMAIL_PATTERN, { error: FORGOT_PASSWORD_MESSAGES.invalid }),
});
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordSchema>;

/** Messages for choosing a new password, shared by sign-up, reset and change. */
export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  mismatch: 'Passwords do not match',
} as const;

export const RESET_PASSWORD_MESSAGES = {
  required: 'Please enter and confirm your new password',
  invalidLink: 'This password reset link is invalid or has expired. Please request a new one.',
  success: 'Your password has been reset. Please log in with your new password.',
  successTitle: 'Password Reset',
} as const;

export const ResetPasswordSchema = z
  .object({
    token: z
      .string({ error: RESET_PASSWORD_MESSAGES.invalidLink })
      .min(1, RESET_PASSWORD_MESSAGES.invalidLink),
    // Passwords are never trimmed: spaces typed are part of the password.
    newPassword: z
      .string({ error: RESET_PASSWORD_MESSAGES.required })
      .min(1, { error: RESET_PASSWORD_MESSAGES.required })
      .max(PASSWORD_MAX_LENGTH, { error: PASSWORD_MESSAGES.tooLong }),
    confirmPassword: z
      .string({ error: RESET_PASSWORD_MESSAGES.required })
      .min(1, { error: RESET_PASSWORD_MESSAGES.required }),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES.tooShort, path: ['newPassword'] });
    } else if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES.mismatch, path: ['confirmPassword'] });
    }
  });
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;

/** Update Password (spec 01 sections 5 and 8). */
export const CHANGE_PASSWORD_MESSAGES = {
  allRequired: 'All fields are required!',
  mismatch: 'New passwords do not match!',
  failed: 'Failed to update password',
  success: 'Password updated successfully',
  successTitle: 'Password Updated',
  /** A first sign-in's new password must not be the temporary one it replaces (issue 27). */
  sameAsCurrent: 'Please choose a new password, not the one you were given',
} as const;

export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string().optional(),
    newPassword: z.string().optional(),
    confirmPassword: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.currentPassword || !value.newPassword || !value.confirmPassword) {
      ctx.addIssue({
        code: 'custom',
        message: CHANGE_PASSWORD_MESSAGES.allRequired,
        path: ['currentPassword'],
      });
    } else if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: CHANGE_PASSWORD_MESSAGES.mismatch, path: ['confirmPassword'] });
    } else if (value.newPassword === value.currentPassword) {
      ctx.addIssue({
        code: 'custom',
        message: CHANGE_PASSWORD_MESSAGES.sameAsCurrent,
        path: ['newPassword'],
      });
    } else if (value.newPassword.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES.tooShort, path: ['newPassword'] });
    } else if (value.newPassword.length > PASSWORD_MAX_LENGTH) {
      ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES.tooLong, path: ['newPassword'] });
    }
  });
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

/** Verification pages (spec 01 sections 2.7 and 8). */
export const VERIFY_MESSAGES = {
  progress: 'Verifying your email address…',
  successTitle: 'Verified',
  success: 'Your email address has been verified. You can now log in.',
  failedTitle: 'Verification Failed',
  invalidLink: 'This verification link is invalid or has expired.',
  networkError: 'Error! Something went wrong. Please try again later.',
} as const;

/** Logout screen and confirmation (spec 01 section 2.5). */
export const LOGOUT_MESSAGES = {
  title: 'Logged Out',
  text: 'You have been logged out successfully.',
  confirmTitle: 'Are you sure?',
  confirmText: 'You want to logout?',
} as const;

/** Inactivity logout (spec 01 section 4); the server's idle expiry matches it. */
export const SESSION_MESSAGES = {
  expiredTitle: 'Session Expired',
  expiredText: 'You have been logged out due to inactivity.',
  required: 'Please log in to continue.',
  forbidden: 'You do not have permission to do this.',
  crossOrigin: 'Cross-origin requests are not allowed.',
} as const;

/** 3,000,000 ms: the spec's inactivity timeout, also the server's idle session expiry. */
export const INACTIVITY_TIMEOUT_MS = 3_000_000;

/** Reset Password by an administrator (Master for staff and students): the new password only. */
export const AdminSetPasswordSchema = z.object({
  newPassword: z
    .string({ error: PASSWORD_MESSAGES.tooShort })
    .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_MESSAGES.tooShort })
    .max(PASSWORD_MAX_LENGTH, { error: PASSWORD_MESSAGES.tooLong }),
});
export type AdminSetPasswordInput = z.infer<typeof AdminSetPasswordSchema>;
