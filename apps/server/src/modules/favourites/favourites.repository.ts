import type { FavouriteType } from '@pgel/shared/records/favourites';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { competencies, records, skills, userFavourites } from '../../db/schema/index';
import { visibleTitles } from '../../platform/title-list.repository';
import { type DepartmentScope, inDepartment } from '../records/records.repository';
import { COMPETENCY_TITLES } from '../reference/title-owners';

const COMPETENCY_TYPE = { procedure: 'proc', competency: 'diag' } as const;

/** A competency the department's forms list (as the options do), of the favourite's type. */
function listedCompetency(scope: DepartmentScope, type: 'procedure' | 'competency') {
  return and(
    eq(competencies.type, COMPETENCY_TYPE[type]),
    visibleTitles({ kind: 'department', ...scope }, COMPETENCY_TITLES),
  );
}

/** The option's title if the caller's department offers it as that type, else undefined. */
export async function findOffered(
  db: Executor,
  scope: DepartmentScope,
  type: FavouriteType,
  id: string,
): Promise<{ id: string; title: string } | undefined> {
  if (type === 'skill') {
    const [row] = await db
      .select({ id: skills.id, title: skills.title })
      .from(skills)
      .innerJoin(competencies, eq(competencies.id, skills.competencyId))
      .where(and(eq(skills.id, id), inDepartment(scope, competencies.departmentId, competencies.collegeId)))
      .limit(1);
    return row;
  }
  const [row] = await db
    .select({ id: competencies.id, title: competencies.title })
    .from(competencies)
    .where(and(eq(competencies.id, id), listedCompetency(scope, type)))
    .limit(1);
  return row;
}

/** Pins once: a second pin of the same choice (even at the same instant) keeps the one row. */
export async function pin(db: Executor, userId: string, type: FavouriteType, id: string): Promise<void> {
  await db.insert(userFavourites).values({ userId, optionType: type, optionId: id }).onConflictDoNothing();
}

export async function unpin(db: Executor, userId: string, type: FavouriteType, id: string): Promise<void> {
  await db
    .delete(userFavourites)
    .where(
      and(
        eq(userFavourites.userId, userId),
        eq(userFavourites.optionType, type),
        eq(userFavourites.optionId, id),
      ),
    );
}

/** The user's pins their department still offers, by type then title. */
export async function listPinned(db: Executor, userId: string, scope: DepartmentScope) {
  const ofUser = (type: FavouriteType) =>
    and(eq(userFavourites.userId, userId), eq(userFavourites.optionType, type));
  const competencyPins = (type: 'procedure' | 'competency') =>
    db
      .select({ id: competencies.id, title: competencies.title })
      .from(userFavourites)
      .innerJoin(competencies, eq(competencies.id, userFavourites.optionId))
      .where(and(ofUser(type), listedCompetency(scope, type)))
      .orderBy(asc(competencies.title), asc(competencies.id));
  const [procedures, competencyRows, skillRows] = await Promise.all([
    competencyPins('procedure'),
    competencyPins('competency'),
    db
      .select({ id: skills.id, title: skills.title })
      .from(userFavourites)
      .innerJoin(skills, eq(skills.id, userFavourites.optionId))
      .innerJoin(competencies, eq(competencies.id, skills.competencyId))
      .where(and(ofUser('skill'), inDepartment(scope, competencies.departmentId, competencies.collegeId)))
      .orderBy(asc(skills.title), asc(skills.id)),
  ]);
  return [
    ...procedures.map((row) => ({ type: 'procedure' as const, ...row })),
    ...competencyRows.map((row) => ({ type: 'competency' as const, ...row })),
    ...skillRows.map((row) => ({ type: 'skill' as const, ...row })),
  ];
}

/** The ids the user pinned of some types (for ordering a list; what it offers is its own check). */
export async function pinnedIds(db: Executor, userId: string, types: FavouriteType[]): Promise<Set<string>> {
  const rows = await db
    .select({ id: userFavourites.optionId })
    .from(userFavourites)
    .where(and(eq(userFavourites.userId, userId), inArray(userFavourites.optionType, types)));
  return new Set(rows.map((row) => row.id));
}

/**
 * The choices of one `details` field (`competency` or `skills`, stored as `{ id, title }`) the
 * student used last in their current department, newest first, at most `limit`: read on the
 * student's own rows only.
 */
export async function recentIds(
  db: Executor,
  student: { id: string } & DepartmentScope,
  detailsField: 'competency' | 'skills',
  limit: number,
): Promise<string[]> {
  // The field's name is one of two literals (never input), written into the query so the select
  // and its GROUP BY are the same expression.
  const key = sql.raw(detailsField === 'skills' ? "'skills'" : "'competency'");
  const id = sql<string>`${records.details} -> ${key} ->> 'id'`;
  const rows = await db
    .select({ id, last: sql<Date>`max(${records.createdAt})` })
    .from(records)
    .where(
      and(
        eq(records.studentId, student.id),
        eq(records.collegeId, student.collegeId),
        eq(records.departmentId, student.departmentId),
        isNull(records.deletedAt),
        sql`${id} is not null`,
      ),
    )
    .groupBy(id)
    .orderBy(desc(sql`max(${records.createdAt})`))
    .limit(limit);
  return rows.map((row) => row.id.toLowerCase());
}
