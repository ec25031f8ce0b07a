import type { Database } from './client';

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
