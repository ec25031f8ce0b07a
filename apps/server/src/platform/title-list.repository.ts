import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';

/** A title list's table: every row has an id and a title (competencies, skills, specialities …). */
export type TitleTable = PgTable & { id: AnyPgColumn; title: AnyPgColumn };

/**
 * Where a department-owned list's rows belong: `college` null means every college that runs the
 * department (a Master's title); otherwise one college's own title. `sameTitle` are the columns
 * besides the title that a title is unique by (a competency's type), as in the unique index.
 */
export type TitleOwner = {
  table: TitleTable;
  department: AnyPgColumn;
  college: AnyPgColumn;
  sameTitle?: AnyPgColumn[];
};

/**
 * Which rows of department-owned lists a caller sees: Master everything; anyone else their own
 * department's rows for every college or for their own college.
 */
export type TitleScope =
  | { kind: 'all' }
  | { kind: 'department'; departmentId: string | null; collegeId: string | null };

/** What the unique indexes write for "every college", where a null would never clash. */
const EVERY_COLLEGE = sql.raw("'00000000-0000-0000-0000-000000000000'::uuid");

/** `table.column`, written out: a one-table select leaves columns unqualified, which a correlated subquery cannot use. */
function qualified(table: TitleTable, column: AnyPgColumn): SQL {
  return sql`${table}.${sql.identifier(column.name)}`;
}

/**
 * Rows of the caller's department and college (or every college). A college's own title that a
 * Master's title for every college repeats is left out: the college is offered the Master's one
 * (the subquery is one probe of the unique index).
 */
export function visibleTitles(scope: TitleScope, owner: TitleOwner): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (!scope.departmentId) return sql`false`;
  const { table } = owner;
  const shadow = sql.identifier('every_college_title');
  const its = (c: AnyPgColumn) => sql`${shadow}.${sql.identifier(c.name)}`;
  const same = (c: AnyPgColumn) => sql`${its(c)} = ${qualified(table, c)}`;
  const isMastersTwin = and(
    same(owner.department),
    // Written as in the unique index, so this probe can use it.
    sql`coalesce(${its(owner.college)}, ${EVERY_COLLEGE}) = ${EVERY_COLLEGE}`,
    ...(owner.sameTitle ?? []).map(same),
    sql`lower(${its(table.title)}) = lower(${qualified(table, table.title)})`,
  );
  const notShadowed = sql`not exists (select 1 from ${table} as ${shadow} where ${isMastersTwin})`;
  return and(
    eq(owner.department, scope.departmentId),
    scope.collegeId
      ? or(isNull(owner.college), and(eq(owner.college, scope.collegeId), notShadowed))
      : isNull(owner.college),
  );
}

/**
 * The caller's view of a title, ignoring case, among `where` (the rows of one list the caller
 * sees, from `visibleTitles`, which leaves at most one row per title).
 */
export async function findTitle(
  db: Executor,
  table: TitleTable,
  where: SQL | undefined,
  title: string,
): Promise<{ id: string; title: string } | undefined> {
  const [row] = await db
    .select({ id: sql<string>`${table.id}`, title: sql<string>`${table.title}` })
    .from(table)
    .where(and(where, sql`lower(${table.title}) = lower(${title})`))
    .limit(1);
  return row;
}

/** A row of any title list, as the audit log keeps it. */
export type TitleRow = { id: string; title: string } & Record<string, unknown>;

/** Inserts titles; a title the list already has (its unique index, ignoring case) is skipped. */
export async function insertTitles(
  db: Executor,
  table: TitleTable,
  values: Array<Record<string, unknown>>,
): Promise<TitleRow[]> {
  if (values.length === 0) return [];
  return (await db.insert(table).values(values).onConflictDoNothing().returning()) as TitleRow[];
}

export async function findTitleRow(
  db: Executor,
  table: TitleTable,
  id: string,
): Promise<TitleRow | undefined> {
  const [row] = await db.select().from(table).where(eq(table.id, id)).limit(1);
  return row as TitleRow | undefined;
}

export async function deleteTitleRow(db: Executor, table: TitleTable, id: string): Promise<void> {
  await db.delete(table).where(eq(table.id, id));
}
