import { SKILL_ROLES } from './kinds/options';
import type { RecordKind } from './types';

/**
 * The resident's role on a procedure or skill (issue 27, PGMER-2023): what the resident logged
 * and what the verifier confirmed. Residents and faculty disagree on it in about a third of
 * cases, so both are kept: the logged role in `details`, the confirmed one beside it
 * (`confirmedRole`, set by each verification). Wherever the role is shown (report tables,
 * /reports, the CSV, the printable logbook, the PDF, the dashboard), the confirmed role wins once
 * there is one.
 */

export type SkillRole = (typeof SKILL_ROLES)[number];

export const ROLE_MESSAGES = {
  /** A verification's `confirmedRole` outside the four roles. */
  invalid: `Please choose the role: ${SKILL_ROLES.join(', ')}.`,
  /** A `confirmedRole` for an entry whose kind logs no role. */
  notOffered: (kindTitle: string) =>
    `${kindTitle} entries have no role to confirm. Leave the confirmed role out.`,
} as const;

export function isSkillRole(value: unknown): value is SkillRole {
  return typeof value === 'string' && (SKILL_ROLES as readonly string[]).includes(value);
}

/** The role the resident logged on an entry of `kind`, if the kind logs one and it is one of the four. */
export function loggedRole(
  kind: Pick<RecordKind, 'role'>,
  details: Record<string, unknown>,
): SkillRole | null {
  if (!kind.role) return null;
  const value = details[kind.role.field];
  return isSkillRole(value) ? value : null;
}

/** The role as shown: the verifier's once confirmed, else the resident's. */
export function shownRole(
  kind: Pick<RecordKind, 'role'>,
  record: { confirmedRole: string | null; details: Record<string, unknown> },
): string | null {
  if (!kind.role) return null;
  return record.confirmedRole ?? loggedRole(kind, record.details);
}

/**
 * 'logged: Performed Independently, confirmed: Performed with Guide' when the verifier changed
 * the role; null while it is not confirmed or was confirmed as logged.
 */
export function changedRoleText(logged: string | null, confirmed: string | null): string | null {
  if (confirmed === null || logged === confirmed) return null;
  return `logged: ${logged ?? 'none'}, confirmed: ${confirmed}`;
}
