import { createHash } from 'node:crypto';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database, Executor } from './client';

/**
 * A hot query built and prepared once per database handle (issue 16): Drizzle's building of a
 * query's SQL cost the app more CPU than the rest of a cheap request (a student's dashboard
 * counts), and a named statement is parsed and planned once per connection. `build` gives the
 * query's values as `sql.placeholder(…)` and calls `.prepare(name)` with a name no other
 * statement of the app uses; run it with `.execute({ … })`.
 */
export function preparedOnce<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

/**
 * Runs a query as a named statement, named by its text (issue 16): lists and a record's detail.
 * PostgreSQL spent more time planning their joins (1.5 ms for a student's report page at 20
 * million records) than reading from an index (0.2 ms); a named statement is parsed once per
 * connection and its plan reused. Equal texts share a name, so a name never stands for two
 * statements; the values still travel as parameters. Each named statement holds memory in every
 * connection that ran it, so only fixed shapes are named: a query with a list of values
 * (`in ($1, $2, …)`) has a new text for every length and is planned each time, as any other
 * query; a hot query passes such a list as one array instead (`= any($1::uuid[])`, the students
 * a search names).
 */
const VALUE_LIST = /\bin \(\$\d+, \$\d+/i;

/** node-postgres's prepared query keeps the statement's name in the configs it sends. */
type NamedConfigs = { rawQueryConfig?: { name?: string }; queryConfig?: { name?: string } };

/** The statement name of a query's text; undefined for a text with a list of values. */
function statementName(text: string): string | undefined {
  if (VALUE_LIST.test(text)) return undefined;
  return `pgel_text_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
}

/** `query` prepared as a statement named by its text (or unnamed, for a list of values). */
export function prepareNamed<T extends PgSelect>(query: T) {
  // Drizzle builds the SQL when it prepares a query (and again for `toSQL()`): building a list's
  // SQL took more of the app's CPU than anything else it does for a request, so it is built
  // once, with no name (the protocol's unnamed statement), and named by its text after.
  const prepared = query.prepare('');
  const name = statementName(prepared.getQuery().sql);
  if (name) {
    const configs = prepared as unknown as NamedConfigs;
    // PGlite's configs have no name (it has no statements to share between queries).
    for (const config of [configs.rawQueryConfig, configs.queryConfig])
      if (config && 'name' in config) config.name = name;
  }
  return prepared;
}

/** What `db.execute` does inside Drizzle, which takes no statement name. */
type RawExecutor = {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      arrayMode: false,
    ): RawPrepared;
  };
};
type RawPrepared = { execute(values?: Record<string, unknown>): Promise<unknown> };

/** Hand-written statements built for each shape, per executor. */
const rawShapes = new WeakMap<Executor, Map<string, RawPrepared>>();

/**
 * Hand-written SQL on a hot path (the reports' union of six sources) as a statement named by its
 * text: planned once per connection, not on every request. `build` gives every value as a
 * `sql.placeholder(…)`, `values` fills them, and `shape` names every choice that changes the
 * text, so the SQL is built once per executor and shape (building a union of six sources cost
 * the app more CPU than the database's work for a student's report). Answers the rows on both
 * drivers, as `db.execute` does in `{ rows }`.
 */
export async function executeNamed<TRow>(
  db: Executor,
  shape: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<TRow[]> {
  const built = rawShapes.get(db) ?? new Map<string, RawPrepared>();
  rawShapes.set(db, built);
  let prepared = built.get(shape);
  if (!prepared) {
    const { dialect, session } = db as unknown as RawExecutor;
    const query = dialect.sqlToQuery(build());
    prepared = session.prepareQuery(query, undefined, statementName(query.sql), false);
    built.set(shape, prepared);
  }
  const result = (await prepared.execute(values)) as { rows: TRow[] };
  return result.rows;
}

/** Runs `query` as a named statement; `values` fills its `sql.placeholder(…)`s. */
export function runNamed<T extends PgSelect>(
  query: T,
  values?: Record<string, unknown>,
): Promise<Awaited<T>> {
  return prepareNamed(query).execute(values) as Promise<Awaited<T>>;
}

/**
 * A college department's ids as placeholders, and the values that fill them: the scope of a
 * department's staff in a query built once per shape.
 */
export function departmentPlaceholders(scope: { collegeId: string; departmentId: string }): {
  ids: { collegeId: Placeholder; departmentId: Placeholder };
  values: { collegeId: string; departmentId: string };
} {
  return {
    ids: { collegeId: sql.placeholder('collegeId'), departmentId: sql.placeholder('departmentId') },
    values: { collegeId: scope.collegeId, departmentId: scope.departmentId },
  };
}
