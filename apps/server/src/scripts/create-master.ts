import { parseArgs } from 'node:util';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@pgel/shared/schemas/auth';
import { EMAIL_PATTERN } from '@pgel/shared/schemas/common';
import { z } from 'zod';
import { ConfigError } from '../config';
import { createMasterAccount } from '../modules/auth/auth.service';
import { AppError } from '../platform/errors';
import { openDatabaseFromEnv } from './open-from-env';

const ArgsSchema = z.object({
  email: z
    .string({ error: '--email is required' })
    .trim()
    .toLowerCase()
    .regex(EMAIL_PATTERN, { error: '--email is not a valid address' }),
  password: z
    .string({ error: '--password is required' })
    .min(PASSWORD_MIN_LENGTH, { error: `--password must be at least ${PASSWORD_MIN_LENGTH} characters` })
    .max(PASSWORD_MAX_LENGTH, { error: `--password must be at most ${PASSWORD_MAX_LENGTH} characters` }),
  name: z.string({ error: '--name is required' }).trim().min(1, { error: '--name is required' }),
});

/** `npm run create-master -- --email E --password P --name N`: the first real Master, on any database. */
async function run() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  });
  const parsed = ArgsSchema.safeParse(values);
  if (!parsed.success) {
    console.error(parsed.error.issues.map((i) => i.message).join('\n'));
    console.error('Usage: npm run create-master -- --email E --password P --name N');
    process.exit(2);
  }
  const { database } = await openDatabaseFromEnv();
  try {
    await createMasterAccount(database.db, parsed.data);
    console.log(`Master account created for ${parsed.data.email}.`);
  } finally {
    await database.close();
  }
}

run().catch((err) => {
  console.error(err instanceof ConfigError || err instanceof AppError ? err.message : err);
  process.exit(1);
});
