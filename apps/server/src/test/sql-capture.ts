// Records the SQL one request runs (issue 16): the national-scale bench replays it on bare routes
// and the query-plan test explains it. Every pg query sent while `captureSql(fn)` runs is kept
// with its parameters. Requests are captured one at a time (fastify's inject does not keep the
// caller's async context, so a plain variable marks the capture); `dataReads` keeps the reads.
import pg from 'pg';

/** `name`: the app runs it as a named statement (planned once per connection); a bare route does too. */
export type Statement = { text: string; values: unknown[]; name?: string };

let current: Statement[] | null = null;
let patched = false;

function patchClient() {
  if (patched) return;
  patched = true;
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function captured(this: pg.Client, ...args: unknown[]) {
    const statements = current;
    const first = args[0];
    if (statements) {
      if (typeof first === 'string') statements.push({ text: first, values: (args[1] as unknown[]) ?? [] });
      else if (first && typeof first === 'object' && 'text' in first) {
        const config = first as { text: string; values?: unknown[]; name?: string };
        const values = config.values ?? (args[1] as unknown[]) ?? [];
        statements.push(
          config.name ? { text: config.text, values, name: config.name } : { text: config.text, values },
        );
      }
    }
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

/** Runs `fn` and returns what it answered together with every statement it sent. */
export async function captureSql<T>(fn: () => Promise<T>): Promise<{ result: T; statements: Statement[] }> {
  patchClient();
  const statements: Statement[] = [];
  current = statements;
  try {
    return { result: await fn(), statements };
  } finally {
    current = null;
  }
}

/**
 * The statements a bare route replays: the reads of the request, without the session lookup
 * (a bare route has no session), transaction control or writes (access log, last-seen stamps).
 */
export function dataReads(statements: Statement[]): Statement[] {
  return statements.filter((s) => {
    const text = s.text.trim().toLowerCase();
    if (!text.startsWith('select') && !text.startsWith('with')) return false;
    return !/"sessions"/.test(text);
  });
}
