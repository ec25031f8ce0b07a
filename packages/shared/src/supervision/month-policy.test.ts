import { describe, expect, it } from 'vitest';
import { type Actor, canAuthenticateMonths, type MonthSigners } from '../auth/policies';

const place = { collegeId: 'college-1', departmentId: 'dept-1' };
const resident: MonthSigners = {
  studentId: 'student-1',
  ...place,
  thesisGuideId: 'guide-1',
  unitHeadId: 'head-1',
};
const staff = (id: string, role: Actor['role'], where = place): Actor => ({ id, role, ...where });

describe("who authenticates a resident's month (issue 30)", () => {
  it('the thesis guide, the unit head and the HOD of the department', () => {
    expect(canAuthenticateMonths(staff('guide-1', 'professor'), resident)).toBe(true);
    expect(canAuthenticateMonths(staff('head-1', 'assistant_professor'), resident)).toBe(true);
    expect(canAuthenticateMonths(staff('hod-1', 'hod'), resident)).toBe(true);
  });

  it('nobody else: other faculty, another department or college, Master, Admin, the resident', () => {
    expect(canAuthenticateMonths(staff('other', 'professor'), resident)).toBe(false);
    expect(canAuthenticateMonths(staff('hod-2', 'hod', { ...place, departmentId: 'dept-2' }), resident)).toBe(
      false,
    );
    expect(canAuthenticateMonths(staff('hod-3', 'hod', { ...place, collegeId: 'college-2' }), resident)).toBe(
      false,
    );
    // A guide who moved to another department no longer signs.
    expect(
      canAuthenticateMonths(staff('guide-1', 'professor', { ...place, departmentId: 'dept-2' }), resident),
    ).toBe(false);
    expect(canAuthenticateMonths(staff('m', 'master'), resident)).toBe(false);
    expect(canAuthenticateMonths(staff('a', 'admin'), resident)).toBe(false);
    expect(canAuthenticateMonths(staff('c', 'drp_coordinator'), resident)).toBe(false);
    expect(canAuthenticateMonths({ id: 'student-1', role: null, ...place }, resident)).toBe(false);
  });
});
