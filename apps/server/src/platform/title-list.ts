import type { Actor } from '@pgel/shared/auth/policies';
import { isUuid } from '@pgel/shared/schemas/common';
import type { ListQuery, ListResponse } from '@pgel/shared/schemas/list';
import { REFERENCE_ADMIN_MESSAGES as M, splitCommaList } from '@pgel/shared/schemas/reference-admin';
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../db/client';
import { type AuditEntry, writeAudit, writeAudits } from './audit';
import { isForeignKeyViolation } from './db-errors';
import { AppError } from './errors';
import { listPage } from './list';
import {
  deleteTitleRow,
  findTitle,
  findTitleRow,
  insertTitles,
  type TitleScope,
  type TitleTable,
} from './title-list.repository';

type Meta = { ip: string };
export type CreatedTitles = { message: string; created: number };

/** How a list is named in its messages and audit rows: 'competency', 'competencies', 'Competency'. */
export type TitleListNames = { entity: string; plural: string; label: string };

/** One page's queries, as `listPage` takes them, with the list's own joins, filters and sort keys. */
export type TitleListQueries = {
  where: SQL | undefined;
  rows: PgSelect;
  count: PgSelect;
  search: Array<AnyColumn | SQL>;
  sortable: Record<string, AnyColumn | SQL>;
  tieBreaker: AnyColumn;
};

/**
 * A per-department title list (competencies, skills, specialities, and the lists to come): what
 * differs between them. Listing, the comma-separated batch add and the delete are one
 * implementation, `TitleListService`; a new list is one of these, not a copy.
 */
export type TitleListDefinition<TQuery extends ListQuery, TCreate extends { text: string }> = {
  names: TitleListNames;
  table: TitleTable;
  /** The page's queries for a caller's scope and the list's filters. */
  list(db: Executor, scope: TitleScope, query: TQuery): TitleListQueries;
  /** What the titles of a batch go under (a department, a competency); 400 with `notFound` if missing. */
  parent: { exists(db: Executor, input: TCreate): Promise<boolean>; notFound: string };
  /** The row one title of a batch becomes. */
  values(input: TCreate, title: string, addedBy: string): Record<string, unknown>;
  /** True while other rows use this one, which refuses its delete. */
  isInUse?(db: Executor, id: string): Promise<boolean>;
};

/** Who may read and who may change a list, and what part of it each caller sees. */
export type TitleListAccess = {
  scopeFor(actor: Actor): TitleScope;
  /** Throws (403) unless the caller may add and delete titles. */
  requireManager(actor: Actor): void;
};

/**
 * The list, batch add and delete of one title list. Every change is audited in its transaction.
 */
export class TitleListService<TItem, TQuery extends ListQuery, TCreate extends { text: string }> {
  constructor(
    private readonly db: Database,
    private readonly definition: TitleListDefinition<TQuery, TCreate>,
    private readonly access: TitleListAccess,
  ) {}

  /** One page of the rows the caller sees, by title unless the query sorts otherwise. */
  async list(actor: Actor, query: TQuery): Promise<ListResponse<TItem>> {
    const list = this.definition.list(this.db, this.access.scopeFor(actor), query);
    const page = await listPage(query, list, {
      where: list.where,
      searchIn: list.search,
      sortable: list.sortable,
      defaultSort: 'title',
      tieBreaker: list.tieBreaker,
    });
    // The definition's queries select exactly TItem's columns; the route's schema checks them too.
    return page as ListResponse<TItem>;
  }

  /** The add modal: one row per comma-separated item; titles already there are skipped. */
  async create(actor: Actor, input: TCreate, meta: Meta): Promise<CreatedTitles> {
    this.access.requireManager(actor);
    const { names, parent, table } = this.definition;
    const titles = splitCommaList(input.text);
    return this.db.transaction(async (tx) => {
      if (!(await parent.exists(tx, input))) throw AppError.validation(parent.notFound);
      const rows = await insertTitles(
        tx,
        table,
        titles.map((title) => this.definition.values(input, title, actor.id)),
      );
      if (rows.length === 0) throw AppError.conflict(M.duplicate(names.entity));
      await writeAudits(
        tx,
        rows.map((row) => auditEntry(actor, meta, 'create', names.entity, row)),
      );
      return {
        message: M.addedItems(rows.length, names.entity, names.plural, titles.length - rows.length),
        created: rows.length,
      };
    });
  }

  /** Deletes a row: 404 unknown, 409 while other rows use it. */
  async delete(actor: Actor, id: string, meta: Meta): Promise<{ message: string }> {
    this.access.requireManager(actor);
    const { names, table, isInUse } = this.definition;
    if (!isUuid(id)) throw AppError.notFound(M.notFound(names.label));
    try {
      await this.db.transaction(async (tx) => {
        const row = await findTitleRow(tx, table, id);
        if (!row) throw AppError.notFound(M.notFound(names.label));
        if (isInUse && (await isInUse(tx, id))) throw AppError.conflict(M.inUse(names.entity));
        await deleteTitleRow(tx, table, id);
        await writeAudit(tx, auditEntry(actor, meta, 'delete', names.entity, row));
      });
    } catch (err) {
      // A row that came to use it between the check and the delete: the foreign key refuses it.
      if (isForeignKeyViolation(err)) throw AppError.conflict(M.inUse(names.entity));
      throw err;
    }
    return { message: M.deleted(names.label) };
  }
}

/** One title to add to a list: the rows of it the caller sees, and the row the title becomes. */
export type NewTitle = {
  /** Named in the audit row ('competency'). */
  entity: string;
  table: TitleTable;
  where: SQL | undefined;
  title: string;
  values: Record<string, unknown>;
};

/**
 * The report screen's add of one missing title: the title the caller already sees (ignoring
 * case), or a new row with its audit row. The unique indexes are per college, so the only clash
 * is the caller's own college adding the same title meanwhile: that row is given back. Nothing
 * here depends on, or tells of, another college's titles.
 */
export async function addTitleOnce(
  db: Database,
  add: NewTitle,
  audit: { actor: Actor; meta: Meta },
): Promise<{ id: string; title: string }> {
  return db.transaction(async (tx) => {
    const existing = await findTitle(tx, add.table, add.where, add.title);
    if (existing) return existing;
    const [row] = await insertTitles(tx, add.table, [add.values]);
    if (!row) {
      // Read committed: this statement sees the row the concurrent insert committed.
      const taken = await findTitle(tx, add.table, add.where, add.title);
      if (!taken) throw AppError.conflict(M.duplicate(add.entity));
      return taken;
    }
    await writeAudit(tx, auditEntry(audit.actor, audit.meta, 'create', add.entity, row));
    return { id: row.id, title: row.title };
  });
}

/**
 * The audit row of a created (`entity.create`, the row after) or deleted (`entity.delete`, the
 * row before) row, in the caller's college.
 */
export function auditEntry(
  actor: Actor,
  meta: Meta,
  verb: 'create' | 'delete',
  entity: string,
  row: { id: string },
): AuditEntry {
  return {
    actorId: actor.id,
    action: `${entity}.${verb}`,
    entity,
    entityId: row.id,
    collegeId: actor.collegeId,
    ip: meta.ip,
    ...(verb === 'create' ? { after: row } : { before: row }),
  };
}
