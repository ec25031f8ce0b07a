import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { type DatabaseHandle, type DatabaseOptions, openDatabase, reportConnectionLost } from './db/client';
import { reportTransactionRetry } from './db/retrying-transactions';
import { EmbeddedDatabaseError } from './ops/embedded-guard';
import { isDatabaseUnavailable } from './platform/errors';
import { serializeError } from './platform/logging';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // The app's logger exists once the app is built; a connection lost before that goes to stderr.
  let log: FastifyBaseLogger | undefined;
  const database = await openDatabaseWhenUp({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    poolSize: config.databasePoolSize,
    onConnectionError: (err) => {
      if (log) log.warn({ err }, 'database connection lost; the pool reconnects on the next query');
      else reportConnectionLost(err);
    },
    onTransactionRetry: (retry) => {
      // The SQLSTATE and the attempt only: never the statement or its values.
      if (log) log.warn(retry, 'transaction retried after a lock conflict');
      else reportTransactionRetry(retry);
    },
  });
  const app = await buildApp({ config, database, startBackgroundJobs: true });
  log = app.log;
  keepRunningOnStrayErrors(app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: `http://localhost:${config.port}`,
      database: database.kind,
      mail: config.smtpUrl ? 'smtp' : 'outbox+log',
    },
    'PG e-Logbook is running',
  );
}

/**
 * A server started while its database is still coming up (both restarted together, a database
 * failover) waits for it instead of exiting: it tries again every few seconds, and only an error
 * that is not "database unreachable" (a broken migration) stops it.
 */
async function openDatabaseWhenUp(options: DatabaseOptions): Promise<DatabaseHandle> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await openDatabase(options);
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      const waitMs = Math.min(10_000, 1_000 * 2 ** Math.min(attempt - 1, 4));
      console.warn(
        JSON.stringify({
          level: 40,
          msg: `database not reachable at start-up (attempt ${attempt}); trying again in ${waitMs / 1000} s`,
          err: serializeError(err),
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

/**
 * Belt and braces: every database call is awaited and every background pass catches its errors,
 * so nothing should reach these. If something does, a lost database connection is logged and
 * the server keeps serving (the pool reconnects by itself); any other rejection is a programmer
 * error, logged at error level; an uncaught exception other than a lost connection leaves the
 * process in an unknown state, so it is logged and the process exits for its supervisor to
 * restart. The error serializer keeps query values out of all three.
 */
function keepRunningOnStrayErrors(log: FastifyBaseLogger): void {
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason))
      log.warn({ err: reason }, 'database unavailable (unhandled rejection)');
    else log.error({ err: reason }, 'unhandled promise rejection');
  });
  process.on('uncaughtException', (err) => {
    if (isDatabaseUnavailable(err)) {
      log.warn({ err }, 'database unavailable (uncaught exception)');
      return;
    }
    log.fatal({ err }, 'uncaught exception; exiting');
    process.exit(1);
  });
}

main().catch((err) => {
  if (err instanceof EmbeddedDatabaseError) {
    // Said plainly: the operator has to act (restore a backup), nothing will retry.
    console.error(err.message);
    process.exit(1);
  }
  // Through the serializer: a failed migration's error would otherwise print its query values.
  console.error(JSON.stringify({ level: 60, msg: 'start-up failed', err: serializeError(err) }));
  process.exit(1);
});
