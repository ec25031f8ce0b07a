/**
 * Staff roles (DESIGN.md section 4). A user with no role is a student: the role column is null
 * for students, so "is staff" is always `role !== null`.
 */
export const STAFF_ROLES = [
  'master',
  'admin',
  'hod',
  'professor',
  'associate_professor',
  'assistant_professor',
  'senior_resident',
  'clerk',
  'drp_coordinator',
] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  master: 'Master',
  admin: 'Admin',
  hod: 'HOD',
  professor: 'Professor',
  associate_professor: 'Associate Professor',
  assistant_professor: 'Assistant Professor',
  senior_resident: 'Senior Resident',
  clerk: 'Clerk',
  drp_coordinator: 'DRP Coordinator',
};

/** What the welcome header calls a user: their staff role, or "Student". */
export function roleLabel(role: StaffRole | null): string {
  return role === null ? 'Student' : ROLE_LABELS[role];
}

/** Roles that are nobody's teacher: they administer, they do not teach a department. */
export const NON_TEACHING_ROLES: readonly StaffRole[] = ['master', 'admin'];

/** A staff role that may be a student's teacher (unit head, guiding faculty). */
export function isTeachingRole(role: string | null): boolean {
  return role !== null && !(NON_TEACHING_ROLES as readonly string[]).includes(role);
}
