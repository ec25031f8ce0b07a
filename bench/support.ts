import pg from 'pg';

/** Helpers the PostgreSQL benchmarks share: scratch databases, percentiles and sign-in. */

/** Runs one statement (CREATE or DROP DATABASE) on the server of `url`. */
export async function admin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
