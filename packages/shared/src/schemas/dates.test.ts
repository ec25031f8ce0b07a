import { describe, expect, it } from 'vitest';
import { isCalendarDate, isoDate, pastIsoDate, todayIso } from './dates';
import { PROFILE_MESSAGES, UpdateProfileSchema } from './profile';

describe('isCalendarDate', () => {
  it.each([
    '2024-02-29', // leap year
    '2000-02-29', // divisible by 400: leap
    '2023-02-28',
    '2030-04-30',
    '2024-12-31',
    '0001-01-01', // PostgreSQL's date type takes it
    '9999-12-31',
  ])('accepts %s', (value) => {
    expect(isCalendarDate(value)).toBe(true);
  });

  it.each([
    '2023-02-29', // not a leap year
    '1900-02-29', // divisible by 100 but not 400
    '2001-02-30', // Date.parse reads it as 2 March
    '2030-04-31',
    '2024-13-01',
    '2024-00-10',
    '2024-01-00',
    '2024-01-32',
    '0000-01-01', // there is no year 0
    '2024-1-1',
    ' 2024-01-01',
    '2024-01-01 ',
    '2024-01-01\n',
    '2024-01-01T00:00:00Z',
    '20240101',
    '01-02-2024',
    '+02024-01-01',
    '２０２４-０１-０１', // full-width digits
    '',
  ])('refuses %j', (value) => {
    expect(isCalendarDate(value)).toBe(false);
  });
});

describe('isoDate and pastIsoDate', () => {
  const message = 'Please enter a valid date';
  const future = 'This date cannot be in the future';
  const issues = (schema: ReturnType<typeof isoDate>, value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it("answers every bad value with the field's one message", () => {
    for (const value of ['2001-02-30', 'soon', 20240101, null, undefined, ['2024-01-01']]) {
      expect(issues(isoDate(message), value)).toEqual([message]);
    }
    expect(isoDate(message).parse('2024-02-29')).toBe('2024-02-29');
  });

  it('refuses a date after today with its own message, and an impossible one only as invalid', () => {
    const schema = pastIsoDate(message, future, () => '2025-06-15');
    expect(schema.parse('2025-06-15')).toBe('2025-06-15');
    expect(issues(schema, '2025-06-16')).toEqual([future]);
    expect(issues(schema, '2030-04-31')).toEqual([message]);
    expect(issues(schema, '2001-02-30')).toEqual([message]);
  });

  it("reads today from the caller's clock, zero-padded", () => {
    expect(todayIso(new Date(2024, 0, 5, 23, 59))).toBe('2024-01-05');
    expect(pastIsoDate(message, future).safeParse(todayIso()).success).toBe(true);
  });
});

describe("the profile's dates", () => {
  const empty = {
    name: 'Dr. Kavya Iyer',
    dob: null,
    bloodGroup: null,
    vaccinationStatus: null,
    registrationNumber: null,
    medicalCouncil: null,
    validUpto: null,
    address: null,
    joiningDate: null,
    regDate: null,
    university: null,
    universityRollNo: null,
    collegeRollNo: null,
    fatherName: null,
    motherName: null,
    unitHeadId: null,
    profilePicFileId: null,
    idProofFileId: null,
  };

  it.each(['dob', 'validUpto', 'joiningDate', 'regDate'])(
    'refuses an impossible %s with "Please enter a valid date"',
    (field) => {
      for (const value of ['2001-02-30', '2030-04-31', '2023-02-29', '0000-01-01']) {
        const result = UpdateProfileSchema.safeParse({ ...empty, [field]: value });
        expect(result.success).toBe(false);
        expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
          [field, PROFILE_MESSAGES.invalidDate],
        ]);
      }
    },
  );

  it('takes real dates, a future validity date, and refuses a future date of birth', () => {
    const result = UpdateProfileSchema.safeParse({
      ...empty,
      dob: '1996-02-29',
      joiningDate: '2024-02-29',
      validUpto: '9999-12-31',
    });
    expect(result.success).toBe(true);
    const future = UpdateProfileSchema.safeParse({ ...empty, dob: '9999-12-31' });
    expect(future.error?.issues.map((i) => i.message)).toEqual([PROFILE_MESSAGES.futureDate]);
  });
});
