import type { RecordKind, Verdict } from '@pgel/shared/records/types';
import type { Tx } from '../../db/client';
import { enqueueMail } from '../../platform/mail';
import * as handoff from './record-handoff.repository';
import {
  entryUrl,
  type MailedEntry,
  resetMail,
  resetText,
  submittedMail,
  submittedText,
  submittedToDepartmentText,
  verdictMail,
} from './records.notify';
import * as repo from './records.repository';

/**
 * Every hand-off of an entry tells the person who must act next, in the app and by e-mail, in the
 * transaction of the change (a rollback takes the notices with it):
 * - a student submits: the named teacher, or each faculty member of the department when the kind
 *   names no teacher (conference, speciality posting, extra-curricular, leave, checklist). Faculty
 *   get every in-app notice; by e-mail one per entry or the daily digest, as they chose
 *   (docs/decisions/009).
 * - faculty approve or reject: the student, one mail per verification listing its entries.
 * - faculty reset a verified entry with a reason: the student, in the app and by mail (issue 27).
 */

type NewEntry = {
  student: { id: string; name: string };
  kind: RecordKind;
  record: Pick<repo.RecordStateRow, 'id' | 'date' | 'teacherId' | 'collegeId' | 'departmentId'>;
  appUrl: string;
};

/** Tells whoever verifies a new entry. Returns whether a mail was queued. */
export async function tellVerifiersOfNewEntry(tx: Tx, entry: NewEntry): Promise<boolean> {
  const { student, kind, record } = entry;
  const toDepartment = record.teacherId === null;
  const named = record.teacherId ? await handoff.findVerifier(tx, record.teacherId) : undefined;
  const verifiers = (
    toDepartment ? await handoff.listDepartmentVerifiers(tx, record.collegeId, record.departmentId) : [named]
  ).filter((v): v is handoff.Verifier => v !== undefined && v.id !== student.id);
  if (verifiers.length === 0) return false;

  const description = toDepartment
    ? submittedToDepartmentText(student.name, kind)
    : submittedText(student.name, kind);
  // Each notice opens the entry, and is marked read once anyone verifies it or the student
  // deletes it (issue 28).
  const url = entryUrl(kind, { id: record.id, studentId: student.id });
  await repo.insertNotifications(
    tx,
    verifiers.map((verifier) => ({
      toId: verifier.id,
      fromId: student.id,
      description,
      url,
      subjectId: record.id,
      collegeId: verifier.collegeId,
    })),
  );
  let queued = false;
  for (const verifier of verifiers) {
    // The others hear of it in their daily digest.
    if (verifier.verificationMail !== 'each') continue;
    await enqueueMail(
      tx,
      submittedMail({
        to: verifier.email,
        verifierName: verifier.name,
        studentName: student.name,
        kind,
        recordId: record.id,
        date: record.date,
        toDepartment,
        appUrl: entry.appUrl,
      }),
    );
    queued = true;
  }
  return queued;
}

/**
 * Mails each student whose entries were just approved or rejected: one mail per student, however
 * many entries a bulk verification changed. Returns whether a mail was queued.
 */
export async function mailVerdicts(
  tx: Tx,
  input: {
    verifierName: string;
    status: Verdict;
    rows: Array<Pick<repo.RecordStateRow, 'id' | 'kind' | 'date' | 'studentId'>>;
    appUrl: string;
  },
): Promise<boolean> {
  const byStudent = new Map<string, MailedEntry[]>();
  for (const row of input.rows) {
    const entries = byStudent.get(row.studentId) ?? [];
    entries.push({ id: row.id, kind: row.kind, date: row.date });
    byStudent.set(row.studentId, entries);
  }
  const students = await handoff.findStudents(tx, [...byStudent.keys()]);
  for (const student of students) {
    const entries = (byStudent.get(student.id) ?? []).sort(
      (a, b) => a.kind.localeCompare(b.kind) || (a.date ?? '').localeCompare(b.date ?? ''),
    );
    await enqueueMail(
      tx,
      verdictMail({
        to: student.email,
        studentName: student.name,
        verifierName: input.verifierName,
        status: input.status,
        entries,
        appUrl: input.appUrl,
      }),
    );
  }
  return students.length > 0;
}

/**
 * Tells the student that a verified entry of theirs was reset for a new review (issue 27): a
 * notification that opens the entry, where the reason and the earlier verification are, and a
 * mail that says where to read them. Returns whether a mail was queued.
 */
export async function tellOfReset(
  tx: Tx,
  input: {
    verifier: { id: string; name: string };
    kind: RecordKind;
    row: Pick<repo.RecordStateRow, 'id' | 'kind' | 'date' | 'studentId' | 'collegeId'>;
    appUrl: string;
  },
): Promise<boolean> {
  const { verifier, kind, row } = input;
  await repo.insertNotifications(tx, [
    {
      toId: row.studentId,
      fromId: verifier.id,
      description: resetText(verifier.name, kind),
      url: entryUrl(kind, row),
      subjectId: row.id,
      collegeId: row.collegeId,
    },
  ]);
  const [student] = await handoff.findStudents(tx, [row.studentId]);
  if (!student) return false;
  await enqueueMail(
    tx,
    resetMail({
      to: student.email,
      studentName: student.name,
      verifierName: verifier.name,
      entry: { id: row.id, kind: row.kind, date: row.date },
      appUrl: input.appUrl,
    }),
  );
  return true;
}
