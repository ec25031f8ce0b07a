import { type Actor, isMaster, isStudent } from '@pgel/shared/auth/policies';
import type { RecordListItem, Score } from '@pgel/shared/records/api';
import type { RecordStatus } from '@pgel/shared/records/types';
import { fileUrl } from '../../platform/files';
import type * as repo from './records.repository';

/** A kind's values kept in `details` (and `sensitive_details`), by field name. */
export type Details = Record<string, unknown>;

/** Whose records a caller sees (DESIGN.md section 4), from the session only. */
export function scopeFor(actor: Actor): repo.RecordScope {
  if (isMaster(actor)) return { kind: 'all' };
  if (isStudent(actor)) return { kind: 'student', studentId: actor.id };
  if (actor.collegeId && actor.departmentId) {
    return { kind: 'department', collegeId: actor.collegeId, departmentId: actor.departmentId };
  }
  return { kind: 'none' };
}

export function asDetails(value: unknown): Details {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Details) : {};
}

/** A stored row as the report table shows it (never its sensitive details). */
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
  };
}
