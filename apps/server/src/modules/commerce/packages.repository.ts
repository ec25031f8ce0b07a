import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { packages, paymentOrders } from '../../db/schema/index';

export type PackageRow = typeof packages.$inferSelect;
export type PackageValues = Pick<
  typeof packages.$inferInsert,
  'title' | 'description' | 'pricePaise' | 'offerPricePaise' | 'validityMonths' | 'active' | 'sortOrder'
>;

/** Packages in the order the cart shows them; hidden ones only when asked (Master's screen). */
export async function listPackages(db: Executor, options: { includeHidden: boolean }): Promise<PackageRow[]> {
  return db
    .select()
    .from(packages)
    .where(options.includeHidden ? undefined : eq(packages.active, true))
    .orderBy(asc(packages.sortOrder), asc(packages.title), asc(packages.id));
}

export async function insertPackage(db: Executor, values: PackageValues): Promise<PackageRow> {
  const [row] = await db.insert(packages).values(values).returning();
  if (!row) throw new Error('package insert returned no row');
  return row;
}

/**
 * One package locked for a change. FOR UPDATE also waits for (and then blocks) an order being
 * created for it: the order's foreign key takes a KEY SHARE lock on this row.
 */
export async function lockPackage(db: Executor, id: string): Promise<PackageRow | undefined> {
  const [row] = await db.select().from(packages).where(eq(packages.id, id)).for('update').limit(1);
  return row;
}

export async function updatePackage(db: Executor, id: string, values: PackageValues): Promise<PackageRow> {
  const [row] = await db
    .update(packages)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(packages.id, id))
    .returning();
  if (!row) throw new Error('package vanished while locked');
  return row;
}

/** True when any payment order (in any state) names the package: its row must stay. */
export async function packageHasOrders(db: Executor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(eq(paymentOrders.packageId, id))
    .limit(1);
  return row !== undefined;
}

export async function deletePackage(db: Executor, id: string): Promise<void> {
  await db.delete(packages).where(eq(packages.id, id));
}
