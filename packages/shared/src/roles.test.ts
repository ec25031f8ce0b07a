import { describe, expect, it } from 'vitest';
import { isTeachingRole, ROLE_LABELS, roleLabel, STAFF_ROLES } from './roles';

describe('roles', () => {
  it('lists the staff roles of DESIGN.md section 4', () => {
    expect([...STAFF_ROLES].sort()).toEqual(
      [
        'admin',
        'assistant_professor',
        'associate_professor',
        'clerk',
        'drp_coordinator',
        'hod',
        'master',
        'professor',
        'senior_resident',
      ].sort(),
    );
  });

  it('calls a user without a role a Student', () => {
    expect(roleLabel(null)).toBe('Student');
  });

  it.each([
    ['master', 'Master'],
    ['hod', 'HOD'],
    ['associate_professor', 'Associate Professor'],
    ['drp_coordinator', 'DRP Coordinator'],
  ] as const)('labels %s as %s', (role, label) => {
    expect(roleLabel(role)).toBe(label);
  });

  it('has a label for every staff role and no other', () => {
    expect(Object.keys(ROLE_LABELS).sort()).toEqual([...STAFF_ROLES].sort());
    for (const role of STAFF_ROLES) expect(roleLabel(role)).toMatch(/\S/);
  });
});

describe('isTeachingRole', () => {
  it('every faculty role teaches; Master, Admin and students do not', () => {
    expect(STAFF_ROLES.filter((role) => !isTeachingRole(role))).toEqual(['master', 'admin']);
    expect(isTeachingRole(null)).toBe(false);
  });
});
