import { type Actor, canManageCommerce } from '@pgel/shared/auth/policies';
import {
  type CollegePackages,
  PACKAGE_MESSAGES as M,
  type Package,
  type PackageInput,
  type SetCollegePackagesInput,
} from '@pgel/shared/commerce/packages';
import { rupeesToPaise } from '@pgel/shared/commerce/pricing';
import { isUuid, type MessageResponse } from '@pgel/shared/schemas/common';
import type { Database } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { isForeignKeyViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import * as repo from './packages.repository';

type Meta = { ip: string };
export type PackageSaved = { message: string; package: Package };

export function toPackage(row: repo.PackageRow, colleges?: Array<{ id: string; name: string }>): Package {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    pricePaise: row.pricePaise,
    offerPricePaise: row.offerPricePaise,
    validityMonths: row.validityMonths,
    active: row.active,
    sortOrder: row.sortOrder,
    offeredEverywhere: row.offeredEverywhere,
    ...(colleges ? { colleges } : {}),
  };
}

/**
 * The form's rupees become whole paise here, once; nothing downstream sees rupees. An edit that
 * leaves out offeredEverywhere keeps the package's own.
 */
function valuesOf(input: PackageInput): repo.PackageValues {
  return {
    ...(input.offeredEverywhere === undefined ? {} : { offeredEverywhere: input.offeredEverywhere }),
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

  /**
   * Master sees every package, hidden ones too (to show them again), each with the colleges it is
   * enabled for; everyone else what is on sale to their own college (the session's, issue 28).
   */
  async list(actor: Actor): Promise<{ items: Package[] }> {
    if (!canManageCommerce(actor)) {
      const rows = await repo.listPackages(this.db, { all: false, collegeId: actor.collegeId });
      return { items: rows.map((row) => toPackage(row)) };
    }
    const rows = await repo.listPackages(this.db, { all: true });
    const colleges = await repo.collegesOfPackages(
      this.db,
      rows.map((row) => row.id),
    );
    return { items: rows.map((row) => toPackage(row, colleges.get(row.id) ?? [])) };
  }

  /** A college's packages (Master, /addCollege): each with whether the college is offered it. */
  async collegePackages(actor: Actor, collegeId: string): Promise<CollegePackages> {
    if (!canManageCommerce(actor)) throw AppError.forbidden();
    const college = isUuid(collegeId) ? await repo.findCollege(this.db, collegeId) : undefined;
    if (!college) throw AppError.notFound(M.collegeNotFound);
    return { college, items: await repo.packagesOfCollege(this.db, collegeId) };
  }

  /**
   * Sets the packages Master enables for a college (issue 28): `packageIds` is the whole set, so
   * the ones left out are disabled. Students of the college who already paid keep their package;
   * the change decides the next orders. One audit row names what was enabled and disabled.
   */
  async setCollegePackages(
    actor: Actor,
    collegeId: string,
    input: SetCollegePackagesInput,
    meta: Meta,
  ): Promise<CollegePackages & { message: string }> {
    if (!canManageCommerce(actor)) throw AppError.forbidden();
    if (!isUuid(collegeId)) throw AppError.notFound(M.collegeNotFound);
    const wanted = [...new Set(input.packageIds.map((id) => id.toLowerCase()))];
    const answer = await this.db.transaction(async (tx) => {
      const college = await repo.lockCollege(tx, collegeId);
      if (!college) throw AppError.notFound(M.collegeNotFound);
      const found = await repo.findPackagesByIds(tx, wanted);
      if (found.length !== wanted.length) throw AppError.validation(M.notFound);
      const before = await repo.packagesOfCollege(tx, collegeId);
      const wantedIds = new Set(wanted);
      const enabled = before.filter((p) => !p.enabled && wantedIds.has(p.id));
      const disabled = before.filter((p) => p.enabled && !wantedIds.has(p.id));
      await repo.enablePackages(
        tx,
        collegeId,
        enabled.map((p) => p.id),
        actor.id,
      );
      await repo.disablePackages(
        tx,
        collegeId,
        disabled.map((p) => p.id),
      );
      if (enabled.length > 0 || disabled.length > 0) {
        const titles = (list: typeof before) => list.map(({ id, title }) => ({ id, title }));
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'college.packages.set',
          entity: 'college',
          entityId: collegeId,
          collegeId,
          ip: meta.ip,
          before: { packages: titles(before.filter((p) => p.enabled)) },
          after: {
            packages: titles(before.filter((p) => wantedIds.has(p.id))),
            enabled: titles(enabled),
            disabled: titles(disabled),
          },
        });
      }
      return { college, items: await repo.packagesOfCollege(tx, collegeId) };
    });
    return { message: M.collegePackagesSaved, ...answer };
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
    return { message: M.saved, package: toPackage(row, []) };
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
    const colleges = await repo.collegesOfPackages(this.db, [id]);
    return { message: M.saved, package: toPackage(row, colleges.get(id) ?? []) };
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
