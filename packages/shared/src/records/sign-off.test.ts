import { describe, expect, it } from 'vitest';
import { canRequestSignOff } from '../auth/policies';
import { STAFF_ROLES } from '../roles';
import { SIGN_OFF_MAX, SIGN_OFF_MESSAGES, SignOffRecordSchema, SignOffRecordsSchema } from './sign-off';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const verdict = { status: 'approved', score: 3, remark: 'Seen' } as const;
const credentials = { email: ' Faculty@Example.org ', password: 'Correct-Horse-9' };

describe('sign-off on the resident’s device (issue 30)', () => {
  it('takes the verification fields with the faculty member’s address (trimmed, lower-cased) and password', () => {
    const parsed = SignOffRecordSchema.parse({ ...credentials, ...verdict });
    expect(parsed).toEqual({ ...verdict, email: 'faculty@example.org', password: 'Correct-Horse-9' });
  });

  it('says what is missing or wrong', () => {
    const first = (value: unknown) => SignOffRecordSchema.safeParse(value).error?.issues[0]?.message;
    expect(first({ ...verdict, password: 'x' })).toBe(SIGN_OFF_MESSAGES.emailRequired);
    expect(first({ ...verdict, email: 'nobody', password: 'x' })).toBe(SIGN_OFF_MESSAGES.emailInvalid);
    expect(first({ ...verdict, email: 'a@b.in', password: '' })).toBe(SIGN_OFF_MESSAGES.passwordRequired);
  });

  it(`signs off 1 to ${SIGN_OFF_MAX} entries at once`, () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => id(i + 1));
    const parse = (n: number) =>
      SignOffRecordsSchema.safeParse({ ...credentials, ...verdict, recordIds: ids(n) });
    expect(parse(1).success).toBe(true);
    expect(parse(SIGN_OFF_MAX).success).toBe(true);
    expect(parse(SIGN_OFF_MAX + 1).error?.issues[0]?.message).toBe(SIGN_OFF_MESSAGES.tooMany);
    expect(parse(0).error?.issues[0]?.message).toBe(SIGN_OFF_MESSAGES.selectRecords);
  });

  it('is offered to the resident on their own pending entries only', () => {
    const resident = { id: 's1', role: null };
    const entry = { studentId: 's1', status: 'pending' as const };
    expect(canRequestSignOff(resident, entry)).toBe(true);
    expect(canRequestSignOff(resident, { ...entry, status: 'approved' })).toBe(false);
    expect(canRequestSignOff(resident, { ...entry, status: 'rejected' })).toBe(false);
    expect(canRequestSignOff({ id: 's2', role: null }, entry)).toBe(false);
    for (const role of STAFF_ROLES) expect(canRequestSignOff({ id: 's1', role }, entry)).toBe(false);
  });

  it('names who signed in the notice', () => {
    expect(SIGN_OFF_MESSAGES.signedOff('Dr. Rao', 'approved', 1)).toBe(
      'Signed off by Dr. Rao: entry Approved.',
    );
    expect(SIGN_OFF_MESSAGES.signedOff('Dr. Rao', 'rejected', 3)).toBe(
      'Signed off by Dr. Rao: 3 entries Rejected.',
    );
  });
});
