import type { Logger } from 'drizzle-orm/logger';

type Listener = (statement: string) => void;

/**
 * Hears every statement the app sends through Drizzle (set as its logger), for the few parts
 * that must react to a kind of write at once: the session cache forgets what it holds when this
 * server ends a session or changes a user (platform/session.ts). Listeners get the SQL text only,
 * never the parameters.
 */
export class StatementWatch implements Logger {
  private readonly listeners = new Set<Listener>();

  logQuery(query: string): void {
    for (const listener of this.listeners) listener(query);
  }

  /** Returns the function that stops listening. */
  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}

const watches = new WeakMap<object, StatementWatch>();

export function attachStatementWatch(db: object, watch: StatementWatch): void {
  watches.set(db, watch);
}

/** The watch of a database opened by `openDatabase`; undefined for one made another way. */
export function statementWatchOf(db: object): StatementWatch | undefined {
  return watches.get(db);
}
