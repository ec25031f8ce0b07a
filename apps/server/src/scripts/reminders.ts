import { parseArgs } from 'node:util';
import { ReminderPass } from '../modules/reminders/reminder-pass';
import { describePass } from '../modules/reminders/reminder-report';
import { openFromEnv, runCommand } from '../ops/cli';
import { serializeError } from '../platform/logging';

const USAGE = 'Usage: npm run reminders -- [--now 2026-12-15T09:00:00+05:30]';

/** `--now`: an ISO date and time (with its offset); the real clock when absent. */
function clockFrom(args: string[]): Date {
  const { values } = parseArgs({ args, options: { now: { type: 'string' } } });
  if (values.now === undefined) return new Date();
  const now = new Date(values.now);
  if (Number.isNaN(now.getTime())) {
    console.error(`--now is not a date and time: ${values.now}\n${USAGE}`);
    process.exit(2);
  }
  return now;
}

/**
 * `npm run reminders -- [--now …]` (issue 30): one reminder pass as of the given clock against
 * the configured database (DATABASE_URL, else the embedded one in DATA_DIR), then exits, printing
 * what it sent by kind and recipients' role. Safe beside running app servers on PostgreSQL: it
 * claims the pass as they do, and each reminder goes once however often it runs (for cron).
 */
runCommand(async () => {
  let now: Date;
  try {
    now = clockFrom(process.argv.slice(2));
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
    process.exit(2);
  }
  const { config, database } = await openFromEnv();
  try {
    const schedule = { hour: config.remindersHour };
    const pass = new ReminderPass({
      db: database.db,
      // The command prints its own account of the pass (and `run` throws, never logs).
      log: { info: () => {}, error: () => {} },
      appUrl: config.appUrl,
      schedule,
      onQueued: () => {},
    });
    const report = await pass.run(now).catch((err: unknown) => {
      // Through the serializer: a failed statement's error would otherwise print its values.
      console.error(JSON.stringify({ msg: 'reminder pass failed', err: serializeError(err) }));
      process.exit(1);
    });
    console.log(describePass(report, now, schedule));
  } finally {
    await database.close();
  }
});
