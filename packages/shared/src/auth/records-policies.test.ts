import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '../roles';
import {
  type Actor,
  canCreateRecord,
  canDeleteRecord,
  canSeeRecord,
  canVerifyRecord,
  canVerifyRecords,
  canWriteLogbook,
} from './policies';

const record = {
  studentId: 'student-1',
  collegeId: 'college-1',
  departmentId: 'dept-1',
  status: 'pending' as const,
  verifiedAt: null,
  everVerified: false,
};
const actor = (role: Actor['role'], over: Partial<Actor> = {}): Actor => ({
  id: 'someone',
  role,
  collegeId: 'college-1',
  departmentId: 'dept-1',
  ...over,
});

describe('record policies', () => {
  it('lets only a placed student create records', () => {
    expect(canCreateRecord(actor(null))).toBe(true);
    expect(canCreateRecord(actor(null, { departmentId: null }))).toBe(false);
    expect(canCreateRecord(actor(null, { collegeId: null }))).toBe(false);
    for (const role of STAFF_ROLES) expect(canCreateRecord(actor(role))).toBe(false);
  });

  it('lets a student write the logbook only once the department approved the account (verifyByHod)', () => {
    expect(canWriteLogbook({ ...actor(null), verifyByHod: true })).toBe(true);
    expect(canWriteLogbook({ ...actor(null), verifyByHod: false })).toBe(false);
    expect(canWriteLogbook({ ...actor(null, { departmentId: null }), verifyByHod: true })).toBe(false);
    for (const role of STAFF_ROLES)
      expect(canWriteLogbook({ ...actor(role), verifyByHod: true })).toBe(false);
  });

  it('shows a record to its student, the staff of its department and Master', () => {
    expect(canSeeRecord(actor(null, { id: 'student-1' }), record)).toBe(true);
    expect(canSeeRecord(actor(null), record)).toBe(false);
    expect(canSeeRecord(actor('professor'), record)).toBe(true);
    expect(canSeeRecord(actor('admin'), record)).toBe(true);
    expect(canSeeRecord(actor('professor', { departmentId: 'dept-2' }), record)).toBe(false);
    expect(canSeeRecord(actor('hod', { collegeId: 'college-2' }), record)).toBe(false);
    expect(canSeeRecord(actor('master', { collegeId: null, departmentId: null }), record)).toBe(true);
  });

  it.each(STAFF_ROLES)('%s of the department verifies unless Master or Admin', (role) => {
    const expected = role !== 'master' && role !== 'admin';
    expect(canVerifyRecord(actor(role), record)).toBe(expected);
    expect(canVerifyRecords(actor(role))).toBe(expected);
    expect(canVerifyRecord(actor(role, { departmentId: 'dept-2' }), record)).toBe(false);
  });

  it('never lets anyone verify their own record, nor a student verify', () => {
    expect(canVerifyRecord(actor('professor', { id: 'student-1' }), record)).toBe(false);
    expect(canVerifyRecord(actor(null), record)).toBe(false);
    expect(canVerifyRecords(actor(null))).toBe(false);
  });

  it('lets the owner delete only while the record has never been verified', () => {
    const owner = actor(null, { id: 'student-1' });
    expect(canDeleteRecord(owner, record)).toBe(true);
    expect(
      canDeleteRecord(owner, { ...record, status: 'approved', verifiedAt: '2024-01-01T00:00:00Z' }),
    ).toBe(false);
    expect(
      canDeleteRecord(owner, { ...record, status: 'rejected', verifiedAt: '2024-01-01T00:00:00Z' }),
    ).toBe(false);
    expect(canDeleteRecord(owner, { ...record, verifiedAt: new Date() })).toBe(false);
    expect(canDeleteRecord(actor(null), record)).toBe(false);
    expect(canDeleteRecord(actor('hod', { id: 'student-1' }), record)).toBe(false);
  });

  it('refuses to delete a record verified once and reset to Pending since, for everybody', () => {
    const reset = { ...record, everVerified: true };
    expect(canDeleteRecord(actor(null, { id: 'student-1' }), reset)).toBe(false);
    expect(
      canDeleteRecord(actor('master', { id: 'student-1', collegeId: null, departmentId: null }), reset),
    ).toBe(false);
    expect(canDeleteRecord(actor('hod'), reset)).toBe(false);
  });
});
