import { Group, Select } from '@mantine/core';
import { DEFAULT_COUNTRY_CODE, PHONE_COUNTRY_CODES } from '@pgel/shared/schemas/staff-admin';
import { DigitsInput } from '../../../components/digits-input';

const CODE_OPTIONS = PHONE_COUNTRY_CODES.map((code) => ({ value: code, label: `+${code}` }));
/** Longest first, so '+977…' is never read as '+9' and '77…'. */
const CODES_LONGEST_FIRST = [...PHONE_COUNTRY_CODES].sort((a, b) => b.length - a.length);
/** A staff phone is at most 15 digits with its code (STAFF_PHONE_PATTERN). */
const MAX_DIGITS = 15;
/** An Indian mobile, the usual case: ten digits after the code. */
const NATIONAL_DIGITS = 10;

export type StaffPhoneParts = { code: string; number: string };

/**
 * The phone as the form's two fields. A stored '+919876543210' is '+91' and '9876543210'; a number
 * kept without a code (older accounts, ten digits) gets the default code, so saving adds it.
 */
export function splitStaffPhone(phone: string | null): StaffPhoneParts {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (!phone?.trim().startsWith('+')) return { code: DEFAULT_COUNTRY_CODE, number: digits };
  const code =
    CODES_LONGEST_FIRST.find((c) => digits.startsWith(c) && digits.length - c.length === NATIONAL_DIGITS) ??
    CODES_LONGEST_FIRST.find((c) => digits.startsWith(c));
  return code ? { code, number: digits.slice(code.length) } : { code: DEFAULT_COUNTRY_CODE, number: digits };
}

/**
 * The value the shared schema checks: '+<code><number>', or '' when no number was typed (so the
 * schema reports the missing field, 'Fill All details', rather than a bad number).
 */
export function joinStaffPhone({ code, number }: StaffPhoneParts): string {
  return number === '' ? '' : `+${code}${number}`;
}

type StaffPhoneFieldProps = {
  value: StaffPhoneParts;
  onChange: (value: StaffPhoneParts) => void;
};

/** 'Country code' (default +91) beside a digits-only 'Phone'. */
export function StaffPhoneField({ value, onChange }: StaffPhoneFieldProps) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-end">
      <Select
        label="Country code"
        data={CODE_OPTIONS}
        value={value.code}
        onChange={(code) => onChange({ ...value, code: code ?? DEFAULT_COUNTRY_CODE })}
        allowDeselect={false}
        w={136}
        style={{ flex: 'none' }}
        comboboxProps={{ withinPortal: true }}
      />
      <DigitsInput
        label="Phone"
        autoComplete="tel-national"
        placeholder="Mobile number"
        maxDigits={MAX_DIGITS - value.code.length}
        value={value.number}
        onChange={(number) => onChange({ ...value, number })}
        style={{ flex: 1, minWidth: 0 }}
      />
    </Group>
  );
}
