import { describe, expect, it } from 'vitest';
import {
  ADD_HOD_MESSAGES,
  AddHodSchema,
  EditStaffSchema,
  normaliseStaffPhone,
  STAFF_MESSAGES,
  staffStatusOf,
} from './staff-admin';

describe('staff phone numbers', () => {
  it.each([
    ['+91 98765-43210', '+919876543210'],
    ['9876543210', '+919876543210'],
    ['+9779812345678', '+9779812345678'],
    ['98765', '98765'],
  ])('%s is stored as %s', (typed, stored) => {
    expect(normaliseStaffPhone(typed)).toBe(stored);
  });

  it('Edit Staff accepts a number with its country code or a bare Indian mobile number, nothing shorter', () => {
    const base = { name: 'Dr. A', active: true };
    expect(EditStaffSchema.parse({ ...base, phone: '9876543210' }).phone).toBe('+919876543210');
    expect(EditStaffSchema.parse({ ...base, phone: '+1 4155550123' }).phone).toBe('+14155550123');
    const short = EditStaffSchema.safeParse({ ...base, phone: '987654321' });
    expect(short.success ? null : short.error.issues[0]?.message).toBe(STAFF_MESSAGES.phoneCountryCode);
  });

  it('Add HOD wants exactly ten digits', () => {
    const base = { name: 'Dr. A', email: 'a@example.org' };
    const withCode = AddHodSchema.safeParse({ ...base, phone: '+919876543210' });
    expect(withCode.success ? null : withCode.error.issues[0]?.message).toBe(ADD_HOD_MESSAGES.invalidPhone);
    expect(AddHodSchema.parse({ ...base, phone: '9876543210' }).phone).toBe('9876543210');
  });
});

describe('staffStatusOf', () => {
  it.each([
    [{ verified: true, blocked: false }, 'active'],
    [{ verified: false, blocked: false }, 'unverified'],
    [{ verified: true, blocked: true }, 'blocked'],
    [{ verified: false, blocked: true }, 'blocked'],
    [{ verified: true, blocked: false, confirmation: 'awaiting' }, 'awaiting'],
    [{ verified: false, blocked: false, confirmation: 'awaiting' }, 'awaiting'],
    [{ verified: true, blocked: false, confirmation: 'declined' }, 'declined'],
    [{ verified: true, blocked: true, confirmation: 'awaiting' }, 'blocked'],
    [{ verified: true, blocked: false, confirmation: 'confirmed' }, 'active'],
  ] as const)('%o is %s', (staff, status) => {
    expect(staffStatusOf(staff)).toBe(status);
  });
});
