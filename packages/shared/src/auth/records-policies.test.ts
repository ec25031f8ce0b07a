import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '../roles';
import {
  type Actor,
  canCreateRecord,
  canDeleteRecord,
  canScoreStudents,
  canSeeRecord,
  canUseRecordKind,
  canVerifyDepartmentRecords,
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

  it('lets a student write the logbook only once paid and approved by the department (verifyByHod)', () => {
    expect(canWriteLogbook({ ...actor(null), verifyByHod: true, paid: true })).toBe(true);
    expect(canWriteLogbook({ ...actor(null), verifyByHod: false, paid: true })).toBe(false);
    expect(canWriteLogbook({ ...actor(null), verifyByHod: true, paid: false })).toBe(false);
    expect(canWriteLogbook({ ...actor(null, { departmentId: null }), verifyByHod: true, paid: true })).toBe(
      false,
    );
    for (const role of STAFF_ROLES)
      expect(canWriteLogbook({ ...actor(role), verifyByHod: true, paid: true })).toBe(false);
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

  it.each(STAFF_ROLES)('%s of the department verifies unless Master, Admin or a DRP coordinator', (role) => {
    const expected = role !== 'master' && role !== 'admin' && role !== 'drp_coordinator';
    expect(canVerifyRecord(actor(role), record)).toBe(expected);
    // A coordinator verifies the DRP kinds (below), so the verify routes are theirs too.
    expect(canVerifyRecords(actor(role))).toBe(expected || role === 'drp_coordinator');
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

describe('record policies for the DRP and forensic kinds (issue 12)', () => {
  const coordinator = actor('drp_coordinator', { collegeId: null, departmentId: null });
  const activity = { verifiedBy: 'drp-coordinator' } as const;
  const upload = { verifiedBy: 'department-or-drp-coordinator' } as const;
  const forensic = { department: 'forensic' } as const;

  it('lets the coordinator see and verify only the kinds they verify; the department not an activity', () => {
    expect(canVerifyRecord(coordinator, record, activity)).toBe(true);
    expect(canVerifyRecord(coordinator, record, upload)).toBe(true);
    expect(canVerifyRecord(coordinator, record)).toBe(false);
    expect(canSeeRecord(coordinator, record, activity)).toBe(true);
    expect(canSeeRecord(coordinator, record, forensic)).toBe(false);
    expect(canVerifyRecord(actor('professor'), record, activity)).toBe(false);
    expect(canVerifyRecord(actor('professor'), record, upload)).toBe(true);
    expect(canVerifyDepartmentRecords(coordinator)).toBe(false);
    expect(canScoreStudents(coordinator)).toBe(false);
  });

  it('keeps the forensic kinds in Forensic Medicine; Master reads them; no coordinator uses them', () => {
    expect(canUseRecordKind(actor(null), forensic, 'write', true)).toBe(true);
    expect(canUseRecordKind(actor(null), forensic, 'read', false)).toBe(false);
    expect(canUseRecordKind(actor('professor'), forensic, 'write', false)).toBe(false);
    expect(canUseRecordKind(actor('master'), forensic, 'read', false)).toBe(true);
    expect(canUseRecordKind(actor('master'), forensic, 'write', false)).toBe(false);
    expect(canUseRecordKind(coordinator, forensic, 'read', true)).toBe(false);
    expect(canUseRecordKind(coordinator, activity, 'write', false)).toBe(true);
    expect(canUseRecordKind(coordinator, {}, 'read', false)).toBe(false);
    expect(canUseRecordKind(actor('professor'), {}, 'read', false)).toBe(true);
  });
});
