import { describe, expect, it } from 'vitest';
import { printCell } from '../reports/print-format';
import { RECORD_KINDS, SKILL_ROLES } from './kinds';
import { changedRoleText, loggedRole, shownRole } from './roles';
import { recordSearchText } from './search-text';

const ROLE_KINDS = RECORD_KINDS.filter((kind) => kind.role);

describe("the resident's role (issue 27)", () => {
  it('is logged by procedures, surgical and diagnostic skills, each about its skill select', () => {
    expect(ROLE_KINDS.map((kind) => kind.id).sort()).toEqual([
      'diagnostic-skill',
      'procedure',
      'surgical-skill',
    ]);
    for (const kind of ROLE_KINDS) {
      const role = kind.fields.find((f) => f.name === kind.role?.field);
      const subject = kind.fields.find((f) => f.name === kind.role?.subject);
      expect(role?.input === 'select' && role.options, kind.id).toEqual(SKILL_ROLES);
      expect(subject?.input === 'remote-select' && subject.source.list, kind.id).toBe('skills');
      // The report's Role column shows the confirmed role.
      expect(kind.columns.find((c) => c.value === `details.${kind.role?.field}`)?.format, kind.id).toBe(
        'role',
      );
    }
  });

  it('shows the confirmed role once there is one, else the logged one; other kinds none', () => {
    const [procedure] = ROLE_KINDS;
    if (!procedure) throw new Error('no role kind');
    const details = { role: 'Performed Independently' };
    expect(loggedRole(procedure, details)).toBe('Performed Independently');
    expect(loggedRole(procedure, { role: 'Supervised' })).toBeNull();
    expect(shownRole(procedure, { confirmedRole: null, details })).toBe('Performed Independently');
    expect(shownRole(procedure, { confirmedRole: 'Assisted', details })).toBe('Assisted');
    expect(shownRole({}, { confirmedRole: 'Assisted', details })).toBeNull();
  });

  it('says both roles only when the verifier changed it', () => {
    expect(changedRoleText('Performed Independently', 'Performed with Guide')).toBe(
      'logged: Performed Independently, confirmed: Performed with Guide',
    );
    expect(changedRoleText('Assisted', 'Assisted')).toBeNull();
    expect(changedRoleText('Assisted', null)).toBeNull();
  });

  it('prints the confirmed role and finds both in the search text', () => {
    const kind = ROLE_KINDS.find((k) => k.id === 'diagnostic-skill');
    const column = kind?.columns.find((c) => c.label === 'Role');
    if (!kind || !column) throw new Error('no Role column');
    const record = {
      date: '2025-03-10',
      teacherName: null,
      status: 'approved',
      studentRemark: null,
      verifierRemark: null,
      score: null,
      verifiedByName: null,
      verifiedAt: null,
      certificateName: null,
      details: { role: 'Performed Independently' },
    };
    expect(printCell(kind, column, record)).toBe('Performed Independently');
    expect(printCell(kind, column, { ...record, confirmedRole: 'Observed' })).toBe('Observed');
    const text = recordSearchText(kind, { ...record, confirmedRole: 'Observed' }).split('\n');
    expect(text).toContain('performed independently');
    expect(text).toContain('observed');
  });
});
