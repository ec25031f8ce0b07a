import { type Actor, canManageCommerce } from '@pgel/shared/auth/policies';
import { PACKAGE_MESSAGES as M, type Package, type PackageInput } from '@pgel/shared/commerce/packages';
import { rupeesToPaise } from '@pgel/shared/commerce/pricing';
import { isUuid, type MessageResponse } from '@pgel/shared/schemas/common';
import type { Database } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { isForeignKeyViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import * as repo from './packages.repository';

type Meta = { ip: string };
export type PackageSaved = { message: string; package: Package };

export function toPackage(row: repo.PackageRow): Package {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    pricePaise: row.pricePaise,
    offerPricePaise: row.offerPricePaise,
    validityMonths: row.validityMonths,
    active: row.active,
    sortOrder: row.sortOrder,
  };
}

/** The form's rupees become whole paise here, once; nothing downstream sees rupees. */
function valuesOf(input: PackageInput): repo.PackageValues {
  return {
    title: input.title,
    description: input.description,
    pricePaise: rupeesToPaise(input.price),
    offerPricePaise: rupeesToPaise(input.offerPrice),
    validityMonths: input.validityMonths,
    active: input.active,
    sortOrder: input.sortOrder,
  };
}

/** Packages ("batches"): the cart lists the active ones; Master edits them on /managePackages. */
export class PackagesService {
  constructor(private readonly deps: { db: Database }) {}

  private get db() {
    return this.deps.db;
  }

  /** Master sees hidden packages too (to show them again); everyone else only what is on sale. */
  async list(actor: Actor): Promise<{ items: Package[] }> {
    const rows = await repo.listPackages(this.db, { includeHidden: canManageCommerce(actor) });
    return { items: rows.map(toPackage) };
  }

  async create(actor: Actor, input: PackageInput, meta: Meta): Promise<PackageSaved> {
    if (!canManageCommerce(actor)) throw AppError.forbidden();
    const row = await this.db.transaction(async (tx) => {
      const created = await repo.insertPackage(tx, valuesOf(input));
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'package.create',
        entity: 'package',
        entityId: created.id,
        ip: meta.ip,
        after: toPackage(created),
      });
      return created;
    });
    return { message: M.saved, package: toPackage(row) };
  }

  /**
   * Edits a package. Orders already made keep their own title and amounts (payment_orders copies
   * them), so a new price applies to the next order only.
   */
  async update(actor: Actor, id: string, input: PackageInput, meta: Meta): Promise<PackageSaved> {
    if (!canManageCommerce(actor)) throw AppError.forbidden();
    if (!isUuid(id)) throw AppError.notFound(M.notFound);
    const row = await this.db.transaction(async (tx) => {
      const before = await repo.lockPackage(tx, id);
      if (!before) throw AppError.notFound(M.notFound);
      const after = await repo.updatePackage(tx, id, valuesOf(input));
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'package.update',
        entity: 'package',
        entityId: id,
        ip: meta.ip,
        before: toPackage(before),
        after: toPackage(after),
      });
      return after;
    });
    return { message: M.saved, package: toPackage(row) };
  }

  /** Deletes a package nobody has ordered; one with orders is hidden instead (active: false). */
  async delete(actor: Actor, id: string, meta: Meta): Promise<MessageResponse> {
    if (!canManageCommerce(actor)) throw AppError.forbidden();
    if (!isUuid(id)) throw AppError.notFound(M.notFound);
    try {
      await this.db.transaction(async (tx) => {
        const before = await repo.lockPackage(tx, id);
        if (!before) throw AppError.notFound(M.notFound);
        if (await repo.packageHasOrders(tx, id)) throw AppError.conflict(M.inUse);
        await repo.deletePackage(tx, id);
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'package.delete',
          entity: 'package',
          entityId: id,
          ip: meta.ip,
          before: toPackage(before),
        });
      });
    } catch (err) {
      // Belt and braces: the lock keeps new orders out, but the foreign key has the last word.
      if (isForeignKeyViolation(err)) throw AppError.conflict(M.inUse);
      throw err;
    }
    return { message: M.deleted };
  }
}
