import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../db/client';
import { drpAttendance, drpPostings, institutions, users } from '../../db/schema/index';

const student = alias(users, 'student');

export type AttendanceAggregateRow = {
  postingId: string;
  studentId: string;
  studentName: string;
  institutionName: string;
  coordinatorId: string;
  scheduleFrom: string;
  scheduleTo: string;
  marked: number;
  present: number;
};

/** Postings inside `where` with their marked and present day counts, in one grouped query. */
export async function attendanceRows(db: Executor, where: SQL): Promise<AttendanceAggregateRow[]> {
  const rows = await db
    .select({
      postingId: drpPostings.id,
      studentId: drpPostings.studentId,
      studentName: student.name,
      institutionName: institutions.name,
      coordinatorId: drpPostings.coordinatorId,
      scheduleFrom: drpPostings.scheduleFrom,
      scheduleTo: drpPostings.scheduleTo,
      marked: sql<number>`count(${drpAttendance.day})::int`,
      present: sql<number>`(count(*) filter (where ${drpAttendance.present}))::int`,
    })
    .from(drpPostings)
    .innerJoin(student, eq(student.id, drpPostings.studentId))
    .innerJoin(institutions, eq(institutions.id, drpPostings.institutionId))
    .leftJoin(drpAttendance, eq(drpAttendance.postingId, drpPostings.id))
    .where(where)
    .groupBy(drpPostings.id, student.id, institutions.id)
    .orderBy(desc(drpPostings.scheduleFrom), asc(student.name), asc(drpPostings.id));
  return rows.map((row) => ({ ...row, marked: Number(row.marked), present: Number(row.present) }));
}

/** The marked days of a posting, oldest first. */
export async function markedDays(db: Executor, postingId: string) {
  return db
    .select({ day: drpAttendance.day, present: drpAttendance.present })
    .from(drpAttendance)
    .where(eq(drpAttendance.postingId, postingId))
    .orderBy(asc(drpAttendance.day));
}

/** Marks days of a posting; a day marked before takes the new mark (one statement). */
export async function upsertDays(
  tx: Tx,
  posting: { id: string; collegeId: string },
  markedById: string,
  days: Array<{ date: string; present: boolean }>,
): Promise<void> {
  await tx
    .insert(drpAttendance)
    .values(
      days.map((day) => ({
        postingId: posting.id,
        day: day.date,
        present: day.present,
        collegeId: posting.collegeId,
        markedById,
      })),
    )
    .onConflictDoUpdate({
      target: [drpAttendance.postingId, drpAttendance.day],
      set: {
        present: sql`excluded.present`,
        markedById: sql`excluded.marked_by_id`,
        markedAt: sql`now()`,
      },
    });
}
