import type { ListQuery, ListResponse } from '@pgel/shared/schemas/list';
import { type AnyColumn, and, asc, count, desc, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../db/client';
import { prepareNamed } from '../db/prepared';

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
  /** What the `sql.placeholder(…)`s in `where` stand for. */
  values?: Record<string, unknown>;
  /**
   * Names the list's shape: every choice that changes its SQL's text other than the search, the
   * sort and the page (which scope, which filters). A list with a shape and no search is built
   * once per database and shape and run with `values` (issue 16: building a list's SQL cost the
   * app more CPU than the rest of a request); its `where` must then hold placeholders only.
   */
  shape?: { db: Database; key: string };
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

function countUpTo(counting: CappedCount, where: SQL | undefined) {
  const capped = counting.rows.where(where).limit(counting.cap).as('capped');
  return counting.db.select({ total: count() }).from(capped).$dynamic();
}

type ListQueries<TRows extends PgSelect, TCount extends PgSelect> = {
  rows: TRows;
  count: TCount | CappedCount;
};
type Prepared = ReturnType<typeof prepareNamed>;

/** The page and count queries of each list shape, per database. */
const shapes = new WeakMap<Database, Map<string, { rows: Prepared; count: Prepared }>>();

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
  queries: ListQueries<TRows, TCount> | (() => ListQueries<TRows, TCount>),
  spec: ListSpec<TSort>,
): Promise<ListResponse<Awaited<TRows>[number]>> {
  const search = searchCondition(query.search, spec.searchIn);
  const requested = query.sort !== undefined && Object.hasOwn(spec.sortable, query.sort);
  const sortKey = requested ? (query.sort as TSort) : spec.defaultSort;
  const order = requested ? query.order : (spec.defaultOrder ?? 'asc');
  const values = { ...spec.values, limit: query.pageSize, offset: (query.page - 1) * query.pageSize };

  const build = () => {
    const { rows, count } = typeof queries === 'function' ? queries() : queries;
    const where = and(spec.where, search);
    const direction = order === 'desc' ? desc : asc;
    return {
      count: prepareNamed('cap' in count ? countUpTo(count, where) : count.where(where)),
      rows: prepareNamed(
        rows
          .where(where)
          .orderBy(direction(spec.sortable[sortKey]), direction(spec.tieBreaker))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset')),
      ),
    };
  };
  let prepared: { rows: Prepared; count: Prepared };
  if (spec.shape && !search) {
    const built = shapes.get(spec.shape.db) ?? new Map<string, { rows: Prepared; count: Prepared }>();
    shapes.set(spec.shape.db, built);
    const key = `${spec.shape.key}|${sortKey}|${order}`;
    prepared = built.get(key) ?? build();
    built.set(key, prepared);
  } else prepared = build();

  const [counted, items] = await Promise.all([prepared.count.execute(values), prepared.rows.execute(values)]);
  const total = Number((counted as Array<{ total?: unknown }>)[0]?.total ?? 0);
  return { items: items as Awaited<TRows>[number][], total, page: query.page, pageSize: query.pageSize };
}
