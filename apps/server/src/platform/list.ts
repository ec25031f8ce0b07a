import type { ListQuery, ListResponse } from '@pgel/shared/schemas/list';
import { type AnyColumn, and, asc, count, desc, ilike, or, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { runNamed } from '../db/prepared';

/** How one list pages, searches and sorts; the query string only ever chooses among these. */
export type ListSpec<TSort extends string> = {
  /** Who may see which rows (`scopeFor(actor)`) and fixed filters; always applied. */
  where?: SQL | undefined;
  /** What the search box looks in; a non-text column needs a cast, e.g. sql`${t.date}::text`. */
  searchIn: SearchTarget[];
  /** The sort keys a client may name, and the column or expression each sorts by. */
  sortable: Record<TSort, AnyColumn | SQL>;
  /** Used when the client names no sort key, or one not in `sortable`. */
  defaultSort: TSort;
  defaultOrder?: 'asc' | 'desc';
  /** A unique column added after every sort, so rows with equal keys never move between pages. */
  tieBreaker: AnyColumn;
};

/**
 * Where a search word may match: a column or expression (matched with ILIKE), or a function that
 * builds the condition from the word's LIKE pattern, for a match the planner should see in
 * another shape (a subquery on another table, an indexed expression).
 */
export type SearchTarget = AnyColumn | SQL | ((pattern: string) => SQL);

/** At most this many words of a search are used (each must match somewhere). */
const MAX_SEARCH_WORDS = 5;

/** A LIKE pattern that matches `text` literally: `%`, `_` and `\` lose their special meaning. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The words of a search box's text that are searched for. */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
}

/**
 * The search condition: every word of `search` must appear (case-insensitively) in at least one
 * of the columns. Undefined when there is nothing to search for.
 */
export function searchCondition(search: string | undefined, columns: SearchTarget[]) {
  const words = searchWords(search);
  if (words.length === 0 || columns.length === 0) return undefined;
  const matches = (column: SearchTarget, pattern: string) =>
    typeof column === 'function' ? column(pattern) : ilike(column, pattern);
  return and(...words.map((word) => or(...columns.map((column) => matches(column, containsPattern(word))))));
}

/**
 * A count that stops at `cap` rows (issue 16): for a list that may hold millions of rows, whose
 * total then reads `cap` (LIST_COUNT_CAP: "10,000+") instead of every row being counted on every
 * page. `rows` selects any column from the same tables as the page, without a `where`.
 */
export type CappedCount = { db: Executor; rows: PgSelect; cap: number };

export function cappedCount(db: Executor, rows: PgSelect, cap: number): CappedCount {
  return { db, rows, cap };
}

async function countUpTo(counting: CappedCount, where: SQL | undefined): Promise<unknown[]> {
  const capped = counting.rows.where(where).limit(counting.cap).as('capped');
  return runNamed(counting.db.select({ total: count() }).from(capped).$dynamic());
}

/**
 * One page of a list in two queries: the count and the page. Both queries must select from the
 * same tables (with the joins the scope and the search need) and must not have a `where` of their
 * own, which this sets from the spec; build them with `.$dynamic()`:
 *
 * ```ts
 * listPage(query, {
 *   rows: db.select({ id: users.id, name: users.name }).from(users).$dynamic(),
 *   count: db.select({ total: count() }).from(users).$dynamic(),
 * }, { where: scopeFor(actor), searchIn: [users.name], sortable: { name: users.name },
 *      defaultSort: 'name', tieBreaker: users.id });
 * ```
 *
 * `count` may instead be a `cappedCount(…)`, which counts at most its cap.
 */
export async function listPage<TRows extends PgSelect, TCount extends PgSelect, TSort extends string>(
  query: ListQuery,
  queries: { rows: TRows; count: TCount | CappedCount },
  spec: ListSpec<TSort>,
): Promise<ListResponse<Awaited<TRows>[number]>> {
  const where = and(spec.where, searchCondition(query.search, spec.searchIn));
  const requested = query.sort !== undefined && Object.hasOwn(spec.sortable, query.sort);
  const sortKey = requested ? (query.sort as TSort) : spec.defaultSort;
  const order = requested ? query.order : (spec.defaultOrder ?? 'asc');
  const direction = order === 'desc' ? desc : asc;
  const offset = (query.page - 1) * query.pageSize;

  const [counted, items] = await Promise.all([
    'cap' in queries.count ? countUpTo(queries.count, where) : runNamed(queries.count.where(where)),
    runNamed(
      queries.rows
        .where(where)
        .orderBy(direction(spec.sortable[sortKey]), direction(spec.tieBreaker))
        .limit(query.pageSize)
        .offset(offset),
    ),
  ]);
  const total = Number((counted[0] as { total?: unknown } | undefined)?.total ?? 0);
  return { items: items as Awaited<TRows>[number][], total, page: query.page, pageSize: query.pageSize };
}
