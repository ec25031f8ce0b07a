import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '../roles';
import { isMaster, isStaff, isStudent, loginKindFor, loginPathFor } from './policies';

describe('policies', () => {
  it('treats a user without a role as a student who signs in on the student tab', () => {
    const student = { role: null };
    expect(isStudent(student)).toBe(true);
    expect(isStaff(student)).toBe(false);
    expect(isMaster(student)).toBe(false);
    expect(loginKindFor(student)).toBe('student');
    expect(loginPathFor(student)).toBe('/login');
  });

  it.each(STAFF_ROLES)('treats %s as staff who sign in on the faculty tab', (role) => {
    expect(isStudent({ role })).toBe(false);
    expect(isStaff({ role })).toBe(true);
    expect(loginKindFor({ role })).toBe('staff');
    expect(loginPathFor({ role })).toBe('/staffLogin');
  });

  it('knows the Master only by the master role', () => {
    expect(STAFF_ROLES.filter((role) => isMaster({ role }))).toEqual(['master']);
  });
});
