import type { MailMessage } from '../../platform/mail';

/** Link pages: the page routes of spec 01 section 2.1 for each kind of verification. */
export type VerifyPage = 'verify' | 'verifyStaff' | 'verifyDRPC';

// Both mails are transactional: someone is waiting for the link (platform/mail.ts).

export function verificationMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    transactional: true,
    subject: 'Verify your email address - PG e-Logbook',
    text: [
      `Dear ${name},`,
      '',
      'Welcome to PG e-Logbook. Please verify your email address by opening this link:',
      '',
      link,
      '',
      'The link is valid for 48 hours and can be used once.',
      'If you did not sign up, you can ignore this message.',
    ].join('\n'),
  };
}

export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    transactional: true,
    subject: 'Reset your password - PG e-Logbook',
    text: [
      `Dear ${name},`,
      '',
      'We received a request to reset your PG e-Logbook password. Open this link to choose a new one:',
      '',
      link,
      '',
      'The link is valid for 1 hour and can be used once. If you did not ask for this, ignore this message;',
      'your password stays as it is.',
    ].join('\n'),
  };
}

/**
 * Tells a user that Master set a new password for their account (staff and students alike). The
 * password itself is never in it: Master hands it over another way. Transactional: the user may
 * be locked out right now.
 */
export function passwordSetByMasterMail(to: string, name: string, signInUrl: string): MailMessage {
  return {
    to,
    transactional: true,
    subject: 'Your password was changed - PG e-Logbook',
    text: [
      `Dear ${name},`,
      '',
      'The PG e-Logbook administrator has set a new password for your account, and you have been',
      'signed out on every device. The new password is not in this e-mail: ask the administrator',
      'for it, or choose your own with Forgot Password on the sign-in page:',
      '',
      signInUrl,
      '',
      'If you did not ask for this, contact your college or the administrator at once.',
      '',
      'PG e-Logbook',
    ].join('\n'),
  };
}
