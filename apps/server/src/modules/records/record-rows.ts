import {
  type Actor,
  isDrpCoordinator,
  isMaster,
  isStudent,
  isVerifiedByDepartment,
  isVerifiedByDrpCoordinator,
} from '@pgel/shared/auth/policies';
import type { RecordListItem, Score } from '@pgel/shared/records/api';
import { RECORD_KINDS } from '@pgel/shared/records/kinds';
import type { RecordStatus } from '@pgel/shared/records/types';
import { todayIso } from '@pgel/shared/records/validation';
import { fileUrl } from '../../platform/files';
import type * as repo from './records.repository';

/** A kind's values kept in `details` (and `sensitive_details`), by field name. */
export type Details = Record<string, unknown>;

/** The kinds a DRP coordinator verifies (and so sees); never a department-kept (forensic) kind. */
export const COORDINATOR_KIND_IDS: readonly string[] = RECORD_KINDS.filter(
  (kind) => isVerifiedByDrpCoordinator(kind) && kind.department === undefined,
).map((kind) => kind.id);

/** The kinds only a DRP coordinator verifies: left out of the department's Pending Verifications. */
export const COORDINATOR_ONLY_KIND_IDS: readonly string[] = RECORD_KINDS.filter(
  (kind) => !isVerifiedByDepartment(kind),
).map((kind) => kind.id);

/**
 * Whose records a caller sees (DESIGN.md section 4), from the session only. A coordinator's
 * postings count from their first day, by the server's `today`.
 */
export function scopeFor(actor: Actor, today: string = todayIso()): repo.RecordScope {
  if (isMaster(actor)) return { kind: 'all' };
  if (isStudent(actor)) return { kind: 'student', studentId: actor.id };
  if (isDrpCoordinator(actor)) {
    return { kind: 'drp-coordinator', coordinatorId: actor.id, kinds: COORDINATOR_KIND_IDS, today };
  }
  if (actor.collegeId && actor.departmentId) {
    return { kind: 'department', collegeId: actor.collegeId, departmentId: actor.departmentId };
  }
  return { kind: 'none' };
}

export function asDetails(value: unknown): Details {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Details) : {};
}

/** A stored row as the report table shows it (never its sensitive details: the caller adds them). */
export function toListItem(row: repo.RecordItemRow): RecordListItem {
  return {
    id: row.id,
    kind: row.kind,
    studentId: row.studentId,
    studentName: row.studentName,
    date: row.date,
    teacherId: row.teacherId,
    teacherName: row.teacherName,
    status: row.status as RecordStatus,
    studentRemark: row.studentRemark,
    verifierRemark: row.verifierRemark,
    score: (row.score as Score | null) ?? null,
    verifiedByName: row.verifiedByName,
    verifiedAt: row.verifiedAt ? row.verifiedAt.toISOString() : null,
    everVerified: row.everVerified,
    confirmedRole: row.confirmedRole,
    amendedAt: row.amendedAt ? row.amendedAt.toISOString() : null,
    certificate: row.certificateId
      ? {
          id: row.certificateId,
          url: fileUrl(row.certificateId),
          originalName: row.certificateName ?? '',
          contentType: row.certificateType ?? '',
        }
      : null,
    details: asDetails(row.details),
    createdAt: row.createdAt.toISOString(),
    // Worked out for the rows shown (record-flags.ts); a row read alone has none yet.
    flags: [],
  };
}
