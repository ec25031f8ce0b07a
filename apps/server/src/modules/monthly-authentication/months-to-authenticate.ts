import type { StudentAuthentications } from '@pgel/shared/supervision/month-authentication';
import { addMonths, COURSE_MONTHS, monthOfDate, monthsBetween } from '@pgel/shared/supervision/months';
import type { Executor } from '../../db/client';
import * as repo from './monthly-authentication.repository';

// Who authenticates a resident's months, and which months are still to be authenticated (issue
// 30): the rules the service, the faculty dashboard's card and the reminders (modules/reminders)
// share, written once here.

/** A resident's guide: the thesis guide once chosen, else the unit head on the profile. */
export type MonthGuide = NonNullable<StudentAuthentications['guide']>;

type ThesisGuideRow = Awaited<ReturnType<typeof repo.thesisGuides>>[number];

/** The thesis guide of each resident, if chosen: the thesis stage's, else the synopsis's. */
function thesisGuidesByResident(rows: readonly ThesisGuideRow[]): Map<string, ThesisGuideRow> {
  const chosen = new Map<string, ThesisGuideRow>();
  for (const stage of ['synopsis', 'thesis']) {
    for (const row of rows) if (row.stage === stage) chosen.set(row.studentId, row);
  }
  return chosen;
}

/**
 * Each resident's guide, who authenticates their months: the thesis guide once chosen (the
 * thesis stage's, else the synopsis's), else the unit head on the profile (a deleted unit head is
 * nobody). Residents with neither are absent from the answer. Two queries whatever the number.
 */
export async function monthGuides(
  db: Executor,
  residents: ReadonlyArray<{ id: string; unitHeadId: string | null }>,
): Promise<Map<string, MonthGuide>> {
  const guides = new Map<string, MonthGuide>();
  if (residents.length === 0) return guides;
  const theses = thesisGuidesByResident(
    await repo.thesisGuides(
      db,
      residents.map((r) => r.id),
    ),
  );
  const byUnitHead: Array<{ id: string; unitHeadId: string }> = [];
  for (const resident of residents) {
    const thesis = theses.get(resident.id);
    if (thesis) guides.set(resident.id, { id: thesis.guideId, name: thesis.guideName, source: 'thesis' });
    else if (resident.unitHeadId) byUnitHead.push({ id: resident.id, unitHeadId: resident.unitHeadId });
  }
  const heads = new Map(
    (await repo.findPeople(db, [...new Set(byUnitHead.map((r) => r.unitHeadId))])).map((p) => [p.id, p]),
  );
  for (const resident of byUnitHead) {
    const head = heads.get(resident.unitHeadId);
    if (head) guides.set(resident.id, { id: head.id, name: head.name, source: 'unit-head' });
  }
  return guides;
}

/**
 * The months of a resident's course that are to be authenticated, up to `last`: the course's 36
 * from the joining month, or without a joining date from the month of the first entry; none
 * without either. (Entries dated before joining show on the resident's page, but their months
 * are not asked of the guide.)
 */
export function monthsToAuthenticate(
  joiningDate: string | null,
  firstEntry: string | null,
  last: string,
): string[] {
  const start = joiningDate ?? firstEntry;
  if (!start) return [];
  const first = monthOfDate(start);
  const courseEnd = joiningDate ? addMonths(first, COURSE_MONTHS - 1) : last;
  return monthsBetween(first, courseEnd < last ? courseEnd : last);
}

/** A month of a resident's course that is not authenticated: never signed, or changed since. */
export type UnauthenticatedMonth = {
  studentId: string;
  month: string;
  /** When an entry changed after the month's signature; null for a month never signed. */
  changedAt: Date | null;
};

/**
 * The months of these residents' courses (`monthsToAuthenticate`) from `from` through `through`
 * that are not authenticated: no live signature, or one changed after authentication (which
 * counts as not authenticated until signed again). Oldest month first for each resident.
 */
export async function unauthenticatedMonths(
  db: Executor,
  residents: ReadonlyArray<{ id: string; joiningDate: string | null }>,
  range: { from?: string; through: string },
): Promise<UnauthenticatedMonth[]> {
  if (residents.length === 0) return [];
  const withoutJoining = residents.filter((r) => r.joiningDate === null).map((r) => r.id);
  const [firsts, signed] = await Promise.all([
    repo.firstEntryDates(db, withoutJoining),
    repo.signedMonths(
      db,
      residents.map((r) => r.id),
    ),
  ]);
  const firstOf = new Map(firsts.map((row) => [row.studentId, row.first]));
  const signatures = new Map(signed.map((row) => [`${row.studentId}:${row.month}`, row.changedAt]));
  const months: UnauthenticatedMonth[] = [];
  for (const resident of residents) {
    const course = monthsToAuthenticate(
      resident.joiningDate,
      firstOf.get(resident.id) ?? null,
      range.through,
    );
    for (const month of course) {
      if (range.from && month < range.from) continue;
      const changedAt = signatures.get(`${resident.id}:${month}`);
      if (changedAt === undefined) months.push({ studentId: resident.id, month, changedAt: null });
      else if (changedAt !== null) months.push({ studentId: resident.id, month, changedAt });
    }
  }
  return months;
}
