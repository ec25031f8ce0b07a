import { parseArgs } from 'node:util';
import { PASSWORD_MIN_LENGTH } from '@pgel/shared/schemas/auth';
import { EMAIL_PATTERN } from '@pgel/shared/schemas/common';
import { z } from 'zod';
import { ConfigError } from '../config';
import { findUserByEmail, insertUser, referralIdExists } from '../modules/auth/auth.repository';
import { writeAudit } from '../platform/audit';
import { hashPassword, newReferralId } from '../platform/secrets';
import { openDatabaseFromEnv } from './open-from-env';

const ArgsSchema = z.object({
  email: z
    .string({ error: '--email is required' })
    .trim()
    .toLowerCase()
    .regex(EMAIL_PATTERN, { error: '--email is not a valid address' }),
  password: z.string({ error: '--password is required' }).min(PASSWORD_MIN_LENGTH, {
    error: `--password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  }),
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
  const { email, password, name } = parsed.data;
  const { database } = await openDatabaseFromEnv();
  try {
    const { db } = database;
    if (await findUserByEmail(db, email)) {
      console.error(`An account with ${email} already exists.`);
      process.exitCode = 1;
      return;
    }
    let referralId = newReferralId();
    while (await referralIdExists(db, referralId)) referralId = newReferralId();
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        name,
        email,
        passwordHash,
        role: 'master',
        referralId,
        emailVerifiedAt: new Date(),
      });
      await writeAudit(tx, {
        actorId: null,
        action: 'user.create_master',
        entity: 'user',
        entityId: user.id,
        after: { name, email },
      });
    });
    console.log(`Master account created for ${email}.`);
  } finally {
    await database.close();
  }
}

run().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
