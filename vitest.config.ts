import os from 'node:os';
import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts'];
const pgOnlyTests = ['apps/server/src/**/*.pg.test.ts', '**/node_modules/**'];

/**
 * Unit and API tests. The server's tests run once on PGlite and, when DATABASE_URL names a
 * PostgreSQL server whose account may create databases, once more on PostgreSQL (each test file
 * gets its own throwaway database).
 */
export default defineConfig({
  test: {
    // argon2 hashes and a PGlite start (WASM, ~1-3 s on a busy 2-core machine) dominate.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Vitest's default (cores - 1) is one worker on a 2-core machine, but test files spend much of
    // their time waiting on PostgreSQL, SMTP and argon2's thread pool, so two overlap well.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      {
        extends: true,
        // `*.pg.test.ts` exercise what only a PostgreSQL server has (network outages of the pool).
        test: {
          name: 'server-pglite',
          include: serverTests,
          exclude: pgOnlyTests,
          env: { TEST_DB: 'pglite' },
        },
      },
      ...(process.env.DATABASE_URL
        ? [
            {
              extends: true as const,
              test: { name: 'server-postgres', include: serverTests, env: { TEST_DB: 'postgres' } },
            },
          ]
        : []),
    ],
  },
});
