import { and, asc, eq, exists, inArray, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { collegePackages, colleges, packages, paymentOrders } from '../../db/schema/index';

export type PackageRow = typeof packages.$inferSelect;
export type PackageValues = Pick<
  typeof packages.$inferInsert,
  | 'title'
  | 'description'
  | 'pricePaise'
  | 'offerPricePaise'
  | 'validityMonths'
  | 'active'
  | 'sortOrder'
  | 'offeredEverywhere'
>;

const cartOrder = [asc(packages.sortOrder), asc(packages.title), asc(packages.id)];

/**
 * True for a package the college is offered: one offered everywhere, or one Master enabled for the
 * college (issue 28). A null college (nobody's, in practice) is offered only the former.
 */
function offeredTo(db: Executor, collegeId: string | null): SQL {
  if (collegeId === null) return eq(packages.offeredEverywhere, true);
  const enabled = db
    .select({ one: collegePackages.packageId })
    .from(collegePackages)
    .where(and(eq(collegePackages.packageId, packages.id), eq(collegePackages.collegeId, collegeId)));
  return or(eq(packages.offeredEverywhere, true), exists(enabled)) as SQL;
}

/**
 * Packages in the order the cart shows them. `all`: every package, hidden ones too (Master's
 * screen); otherwise the active ones the college is offered.
 */
export async function listPackages(
  db: Executor,
  scope: { all: true } | { all: false; collegeId: string | null },
): Promise<PackageRow[]> {
  return db
    .select()
    .from(packages)
    .where(scope.all ? undefined : and(eq(packages.active, true), offeredTo(db, scope.collegeId)))
    .orderBy(...cartOrder);
}

/** A package on sale and whether the college is offered it (the order's check, issue 28). */
export async function findPackageOnSaleFor(
  db: Executor,
  id: string,
  collegeId: string | null,
): Promise<{ row: PackageRow; offered: boolean } | undefined> {
  const [found] = await db
    .select({ row: packages, offered: offeredTo(db, collegeId).mapWith(Boolean) })
    .from(packages)
    .where(and(eq(packages.id, id), eq(packages.active, true)))
    .limit(1);
  return found;
}

/** The colleges each package is enabled for, by name (Master's /managePackages). */
export async function collegesOfPackages(
  db: Executor,
  packageIds: string[],
): Promise<Map<string, Array<{ id: string; name: string }>>> {
  const byPackage = new Map<string, Array<{ id: string; name: string }>>();
  if (packageIds.length === 0) return byPackage;
  const rows = await db
    .select({ packageId: collegePackages.packageId, id: colleges.id, name: colleges.name })
    .from(collegePackages)
    .innerJoin(colleges, eq(colleges.id, collegePackages.collegeId))
    .where(inArray(collegePackages.packageId, packageIds))
    .orderBy(asc(colleges.name), asc(colleges.id));
  for (const { packageId, ...college } of rows) {
    const list = byPackage.get(packageId) ?? [];
    list.push(college);
    byPackage.set(packageId, list);
  }
  return byPackage;
}

/** The college, locked so two saves of its packages run one after the other (as its departments). */
export { lockCollege } from '../reference/reference-admin.repository';

export async function findCollege(db: Executor, id: string) {
  const [row] = await db
    .select({ id: colleges.id, name: colleges.name })
    .from(colleges)
    .where(eq(colleges.id, id))
    .limit(1);
  return row;
}

/** Every package, in cart order, with whether Master enabled it for the college. */
export async function packagesOfCollege(db: Executor, collegeId: string) {
  return db
    .select({
      id: packages.id,
      title: packages.title,
      offerPricePaise: packages.offerPricePaise,
      active: packages.active,
      offeredEverywhere: packages.offeredEverywhere,
      enabled: exists(
        db
          .select({ one: collegePackages.packageId })
          .from(collegePackages)
          .where(and(eq(collegePackages.packageId, packages.id), eq(collegePackages.collegeId, collegeId))),
      ).mapWith(Boolean),
    })
    .from(packages)
    .orderBy(...cartOrder);
}

export async function findPackagesByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: packages.id, title: packages.title })
    .from(packages)
    .where(inArray(packages.id, ids));
}

export async function enablePackages(
  db: Executor,
  collegeId: string,
  packageIds: string[],
  enabledById: string,
): Promise<void> {
  if (packageIds.length === 0) return;
  await db
    .insert(collegePackages)
    .values(packageIds.map((packageId) => ({ collegeId, packageId, enabledById })))
    .onConflictDoNothing();
}

export async function disablePackages(db: Executor, collegeId: string, packageIds: string[]): Promise<void> {
  if (packageIds.length === 0) return;
  await db
    .delete(collegePackages)
    .where(and(eq(collegePackages.collegeId, collegeId), inArray(collegePackages.packageId, packageIds)));
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

/** Deletes the package and the colleges it was enabled for (nobody ordered it). */
export async function deletePackage(db: Executor, id: string): Promise<void> {
  await db.delete(collegePackages).where(eq(collegePackages.packageId, id));
  await db.delete(packages).where(eq(packages.id, id));
}
