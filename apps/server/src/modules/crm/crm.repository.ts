import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { integrationTokens } from '../../db/schema/index';

export type IntegrationRow = typeof integrationTokens.$inferSelect;

/** The provider's stored connection, locked so two callbacks at once replace it one after the other. */
export async function lockIntegration(db: Executor, provider: string): Promise<IntegrationRow | undefined> {
  const [row] = await db
    .select()
    .from(integrationTokens)
    .where(eq(integrationTokens.provider, provider))
    .for('update')
    .limit(1);
  return row;
}

/** Stores (or replaces) a provider's sealed token: one connection per provider. */
export async function saveIntegration(
  db: Executor,
  values: {
    provider: string;
    sealedToken: string;
    apiDomain: string | null;
    connectedById: string;
    connectedAt: Date;
  },
): Promise<void> {
  await db
    .insert(integrationTokens)
    .values(values)
    .onConflictDoUpdate({
      target: integrationTokens.provider,
      set: {
        sealedToken: values.sealedToken,
        apiDomain: values.apiDomain,
        connectedById: values.connectedById,
        connectedAt: values.connectedAt,
      },
    });
}
