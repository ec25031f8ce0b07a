import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES } from './auth';
import { REFERRAL_ID_LENGTH, SIGNUP_MESSAGES, SignupSchema } from './signup';

const COLLEGE = '0b9f4a2e-4c1d-4a8e-9f7a-1c2d3e4f5a6b';
const DEPARTMENT = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const COURSE = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';

const valid = {
  collegeId: COLLEGE,
  departmentId: DEPARTMENT,
  name: 'Asha Menon',
  phone: '9876543210',
  email: 'Asha.Menon@Example.org',
  acceptTerms: true,
  courseId: COURSE,
  password: 'long-enough-1',
  confirmPassword: 'long-enough-1',
};

function firstMessage(body: unknown) {
  const result = SignupSchema.safeParse(body);
  expect(result.success).toBe(false);
  return result.error?.issues[0]?.message;
}

describe('SignupSchema message order (spec 01 section 5)', () => {
  // Each step adds the field the previous message asked for; the next message is the next rule.
  const steps: Array<[Record<string, unknown>, string]> = [
    [{}, 'Please Select College First'],
    [{ collegeId: COLLEGE }, 'Please Select Department First'],
    [{ collegeId: COLLEGE, departmentId: DEPARTMENT }, 'Please enter student name'],
    [{ collegeId: COLLEGE, departmentId: DEPARTMENT, name: 'Asha' }, 'Please enter phone number'],
    [
      { collegeId: COLLEGE, departmentId: DEPARTMENT, name: 'Asha', phone: '98765' },
      'Please select a valid phone number contains 10 digits',
    ],
    [
      { collegeId: COLLEGE, departmentId: DEPARTMENT, name: 'Asha', phone: '9876543210' },
      'Please enter email address',
    ],
    [
      { collegeId: COLLEGE, departmentId: DEPARTMENT, name: 'Asha', phone: '9876543210', email: 'asha' },
      'Please enter valid email address',
    ],
    [
      { collegeId: COLLEGE, departmentId: DEPARTMENT, name: 'Asha', phone: '9876543210', email: 'a@b.co' },
      'Please accept the Terms and Conditions',
    ],
    [
      {
        collegeId: COLLEGE,
        departmentId: DEPARTMENT,
        name: 'Asha',
        phone: '9876543210',
        email: 'a@b.co',
        acceptTerms: true,
      },
      'Please select your courses',
    ],
    [
      {
        collegeId: COLLEGE,
        departmentId: DEPARTMENT,
        name: 'Asha',
        phone: '9876543210',
        email: 'a@b.co',
        acceptTerms: true,
        courseId: COURSE,
      },
      PASSWORD_MESSAGES.tooShort,
    ],
    [{ ...valid, sponsor: 'ABC' }, 'Please enter valid referral id'],
  ];

  it.each(steps)('%j -> %s', (body, message) => {
    expect(firstMessage(body)).toBe(message);
  });

  it('matches the shared message constants', () => {
    expect(SIGNUP_MESSAGES.college).toBe('Please Select College First');
    expect(SIGNUP_MESSAGES.department).toBe('Please Select Department First');
    expect(SIGNUP_MESSAGES.name).toBe('Please enter student name');
    expect(SIGNUP_MESSAGES.phone).toBe('Please enter phone number');
    expect(SIGNUP_MESSAGES.phoneDigits).toBe('Please select a valid phone number contains 10 digits');
    expect(SIGNUP_MESSAGES.terms).toBe('Please accept the Terms and Conditions');
    expect(SIGNUP_MESSAGES.course).toBe('Please select your courses');
    expect(SIGNUP_MESSAGES.referral).toBe('Please enter valid referral id');
  });
});

describe('SignupSchema field rules', () => {
  it('accepts a complete body, lower-casing the address and trimming text', () => {
    const parsed = SignupSchema.parse({ ...valid, name: '  Asha Menon ', sponsor: ' ABCDEFGHJ ' });
    expect(parsed.email).toBe('asha.menon@example.org');
    expect(parsed.name).toBe('Asha Menon');
    expect(parsed.sponsor).toBe('ABCDEFGHJ');
  });

  it('treats a college or department that is not an id as not selected', () => {
    expect(firstMessage({ ...valid, collegeId: '' })).toBe(SIGNUP_MESSAGES.college);
    expect(firstMessage({ ...valid, departmentId: 'cardiology' })).toBe(SIGNUP_MESSAGES.department);
    expect(firstMessage({ ...valid, courseId: 'md' })).toBe(SIGNUP_MESSAGES.course);
  });

  it('treats a name of spaces as missing', () => {
    expect(firstMessage({ ...valid, name: '   ' })).toBe(SIGNUP_MESSAGES.name);
  });

  it.each(['98765432101', '98765-4321', 'abcdefghij', '987654321'])('rejects the phone %j', (phone) => {
    expect(firstMessage({ ...valid, phone })).toBe(SIGNUP_MESSAGES.phoneDigits);
  });

  it('requires the terms to be accepted (false or missing)', () => {
    expect(firstMessage({ ...valid, acceptTerms: false })).toBe(SIGNUP_MESSAGES.terms);
    const { acceptTerms: _omitted, ...withoutTerms } = valid;
    expect(firstMessage(withoutTerms)).toBe(SIGNUP_MESSAGES.terms);
  });

  it('limits the name to 120 characters', () => {
    expect(SignupSchema.safeParse({ ...valid, name: 'N'.repeat(120) }).success).toBe(true);
    expect(firstMessage({ ...valid, name: 'N'.repeat(121) })).toBe('Name must be at most 120 characters');
  });

  it('limits the password length', () => {
    const long = 'p'.repeat(PASSWORD_MAX_LENGTH + 1);
    expect(firstMessage({ ...valid, password: long, confirmPassword: long })).toBe(PASSWORD_MESSAGES.tooLong);
  });

  it('rejects two different passwords', () => {
    expect(firstMessage({ ...valid, confirmPassword: 'something-else' })).toBe(
      SIGNUP_MESSAGES.passwordMismatch,
    );
  });

  it(`takes a sponsor id of exactly ${REFERRAL_ID_LENGTH} characters, or none`, () => {
    expect(REFERRAL_ID_LENGTH).toBe(9);
    expect(SignupSchema.safeParse({ ...valid, sponsor: 'ABCDEFGHJ' }).success).toBe(true);
    expect(SignupSchema.safeParse({ ...valid, sponsor: '' }).success).toBe(true);
    expect(SignupSchema.safeParse(valid).success).toBe(true);
    expect(firstMessage({ ...valid, sponsor: 'ABCDEFGH' })).toBe(SIGNUP_MESSAGES.referral);
    expect(firstMessage({ ...valid, sponsor: 'ABCDEFGHJK' })).toBe(SIGNUP_MESSAGES.referral);
  });

  it('words the sponsor confirmation as the sign-up page shows it', () => {
    expect(SIGNUP_MESSAGES.sponsorValid('Dr. Rao')).toBe('Sponsor is valid. Sponsor Name: Dr. Rao');
  });
});
