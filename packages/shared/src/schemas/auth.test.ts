import { describe, expect, it } from 'vitest';
import {
  CHANGE_PASSWORD_MESSAGES,
  ChangePasswordSchema,
  FORGOT_PASSWORD_MESSAGES,
  ForgotPasswordSchema,
  INACTIVITY_TIMEOUT_MS,
  LOGIN_MESSAGES,
  LoginSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  RESET_PASSWORD_MESSAGES,
  ResetPasswordSchema,
} from './auth';

/** The message the page and the API show: the first issue's. */
function firstMessage(result: { success: boolean; error?: { issues: Array<{ message: string }> } }) {
  expect(result.success).toBe(false);
  return result.error?.issues[0]?.message;
}

describe('LoginSchema', () => {
  it('asks for all details when the body is empty', () => {
    expect(firstMessage(LoginSchema.safeParse({}))).toBe('Please enter all details');
    expect(LOGIN_MESSAGES.allDetails).toBe('Please enter all details');
  });

  it('asks for all details when the password is missing or empty, before checking the address', () => {
    expect(firstMessage(LoginSchema.safeParse({ email: 'a@b.co' }))).toBe(LOGIN_MESSAGES.allDetails);
    expect(firstMessage(LoginSchema.safeParse({ email: 'not-an-address', password: '' }))).toBe(
      LOGIN_MESSAGES.allDetails,
    );
  });

  it('asks for all details when the email is only spaces', () => {
    expect(firstMessage(LoginSchema.safeParse({ email: '   ', password: 'secret' }))).toBe(
      LOGIN_MESSAGES.allDetails,
    );
  });

  it.each(['plainaddress', 'a@b', '@b.co', 'a b@c.de', 'a@b c.de'])('rejects the address %j', (email) => {
    expect(firstMessage(LoginSchema.safeParse({ email, password: 'secret' }))).toBe(
      'Please enter valid email address',
    );
  });

  it('trims and lower-cases the address and keeps the password as typed', () => {
    const parsed = LoginSchema.parse({
      email: '  Dr.Rao@Example.ORG ',
      password: ' Pass word ',
      remember: true,
    });
    expect(parsed).toEqual({ email: 'dr.rao@example.org', password: ' Pass word ', remember: true });
  });
});

describe('ForgotPasswordSchema', () => {
  it('requires an address', () => {
    expect(firstMessage(ForgotPasswordSchema.safeParse({}))).toBe('Email is required!');
    expect(firstMessage(ForgotPasswordSchema.safeParse({ email: '  ' }))).toBe(
      FORGOT_PASSWORD_MESSAGES.required,
    );
  });

  it('rejects an invalid address', () => {
    expect(firstMessage(ForgotPasswordSchema.safeParse({ email: 'nobody' }))).toBe(
      'Please enter a valid email!',
    );
  });

  it('lower-cases a valid address', () => {
    expect(ForgotPasswordSchema.parse({ email: ' Someone@Example.org ' })).toEqual({
      email: 'someone@example.org',
    });
  });
});

describe('ResetPasswordSchema', () => {
  const valid = { token: 'abc', newPassword: 'long-enough-1', confirmPassword: 'long-enough-1' };

  it('accepts a token and two equal passwords of the minimum length', () => {
    const password = 'x'.repeat(PASSWORD_MIN_LENGTH);
    expect(
      ResetPasswordSchema.safeParse({ token: 't', newPassword: password, confirmPassword: password }).success,
    ).toBe(true);
    expect(ResetPasswordSchema.parse(valid)).toEqual(valid);
  });

  it('treats a missing token as an invalid link', () => {
    expect(firstMessage(ResetPasswordSchema.safeParse({ ...valid, token: undefined }))).toBe(
      RESET_PASSWORD_MESSAGES.invalidLink,
    );
    expect(firstMessage(ResetPasswordSchema.safeParse({ ...valid, token: '' }))).toBe(
      RESET_PASSWORD_MESSAGES.invalidLink,
    );
  });

  it('asks for both passwords', () => {
    expect(firstMessage(ResetPasswordSchema.safeParse({ token: 't' }))).toBe(
      'Please enter and confirm your new password',
    );
    expect(firstMessage(ResetPasswordSchema.safeParse({ token: 't', newPassword: 'long-enough-1' }))).toBe(
      RESET_PASSWORD_MESSAGES.required,
    );
  });

  it('rejects a password shorter than the minimum', () => {
    const short = 'x'.repeat(PASSWORD_MIN_LENGTH - 1);
    expect(
      firstMessage(ResetPasswordSchema.safeParse({ token: 't', newPassword: short, confirmPassword: short })),
    ).toBe(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  });

  it('rejects a password longer than the maximum', () => {
    const long = 'x'.repeat(PASSWORD_MAX_LENGTH + 1);
    expect(
      firstMessage(ResetPasswordSchema.safeParse({ token: 't', newPassword: long, confirmPassword: long })),
    ).toBe(`Password must be at most ${PASSWORD_MAX_LENGTH} characters`);
    const longest = 'x'.repeat(PASSWORD_MAX_LENGTH);
    expect(
      ResetPasswordSchema.safeParse({ token: 't', newPassword: longest, confirmPassword: longest }).success,
    ).toBe(true);
  });

  it('keeps spaces in passwords: they are part of the password', () => {
    const parsed = ResetPasswordSchema.parse({
      token: 't',
      newPassword: ' pass word ',
      confirmPassword: ' pass word ',
    });
    expect(parsed.newPassword).toBe(' pass word ');
    expect(
      firstMessage(ResetPasswordSchema.safeParse({ ...valid, confirmPassword: ` ${valid.newPassword}` })),
    ).toBe(PASSWORD_MESSAGES.mismatch);
  });

  it('rejects two different passwords', () => {
    expect(firstMessage(ResetPasswordSchema.safeParse({ ...valid, confirmPassword: 'long-enough-2' }))).toBe(
      PASSWORD_MESSAGES.mismatch,
    );
    expect(PASSWORD_MESSAGES.mismatch).toBe('Passwords do not match');
  });
});

describe('ChangePasswordSchema', () => {
  const valid = {
    currentPassword: 'old-password',
    newPassword: 'new-password-1',
    confirmPassword: 'new-password-1',
  };

  it.each([
    {},
    { currentPassword: 'old-password' },
    { ...valid, currentPassword: '' },
    { ...valid, newPassword: '' },
    { ...valid, confirmPassword: undefined },
  ])('requires all three fields (%j)', (body) => {
    expect(firstMessage(ChangePasswordSchema.safeParse(body))).toBe('All fields are required!');
  });

  it('rejects a confirmation that differs from the new password', () => {
    expect(
      firstMessage(ChangePasswordSchema.safeParse({ ...valid, confirmPassword: 'other-password' })),
    ).toBe('New passwords do not match!');
  });

  it('rejects a new password that is too short, once the two match', () => {
    expect(
      firstMessage(
        ChangePasswordSchema.safeParse({
          currentPassword: 'old',
          newPassword: 'short',
          confirmPassword: 'short',
        }),
      ),
    ).toBe(PASSWORD_MESSAGES.tooShort);
  });

  it('rejects a new password that is too long', () => {
    const long = 'y'.repeat(PASSWORD_MAX_LENGTH + 1);
    expect(
      firstMessage(
        ChangePasswordSchema.safeParse({ currentPassword: 'old', newPassword: long, confirmPassword: long }),
      ),
    ).toBe(PASSWORD_MESSAGES.tooLong);
  });

  it('accepts a complete, matching body', () => {
    expect(ChangePasswordSchema.parse(valid)).toEqual(valid);
  });

  it('keeps the spec wording of the failure and success messages', () => {
    expect(CHANGE_PASSWORD_MESSAGES.failed).toBe('Failed to update password');
    expect(CHANGE_PASSWORD_MESSAGES.allRequired).toBe('All fields are required!');
    expect(CHANGE_PASSWORD_MESSAGES.mismatch).toBe('New passwords do not match!');
  });
});

describe('session constants', () => {
  it('uses the spec inactivity timeout of 3,000,000 ms (50 minutes)', () => {
    expect(INACTIVITY_TIMEOUT_MS).toBe(3_000_000);
    expect(INACTIVITY_TIMEOUT_MS).toBe(50 * 60 * 1000);
  });
});
