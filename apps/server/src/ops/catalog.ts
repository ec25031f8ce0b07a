import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

/** What backup and restore need to know of one table of the app's schema (`public`). */
export type TableInfo = {
  name: string;
  /** Stored columns in table order (generated columns are left out: they are computed). */
  columns: string[];
  /** Primary-key columns, for a stable order. */
  primaryKey: string[];
  /** Columns `GENERATED ALWAYS AS IDENTITY`: inserts need OVERRIDING SYSTEM VALUE. */
  identityAlways: boolean;
  /** Foreign keys from this table to itself (single column -> single column): rows must come parents first. */
  selfReferences: { column: string; references: string }[];
  /**
   * Nullable foreign-key columns that close a cycle between tables (or point into the same
   * table): restore inserts them empty and sets them once every row is in.
   */
  deferred: string[];
};

export type SequenceState = { name: string; lastValue: string | null; isCalled: boolean };

/** "name" quoted as an SQL identifier. */
export function ident(name: string): SQL {
  return sql.raw(`"${name.replace(/"/g, '""')}"`);
}

export function identList(names: string[]): SQL {
  return sql.raw(names.map((n) => `"${n.replace(/"/g, '""')}"`).join(', '));
}

/** The rows a raw query answers, on either driver. */
export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/**
 * Every table of the app's schema with its columns and keys, ordered so that a table comes after
 * every table it references (inserting in this order never breaks a foreign key). Drizzle's own
 * bookkeeping lives in the `drizzle` schema and is not part of it: migrations make it.
 */
export async function readCatalog(db: Executor): Promise<TableInfo[]> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const columns = await rows<{ table: string; column: string; identity: string | null; nullable: string }>(
    db,
    sql`select table_name as "table", column_name as "column", identity_generation as identity,
               is_nullable as nullable
        from information_schema.columns
        where table_schema = 'public' and is_generated = 'NEVER'
        order by table_name, ordinal_position`,
  );
  const constraints = await rows<{
    table: string;
    name: string;
    kind: string;
    parent: string | null;
    columns: string;
    refs: string | null;
  }>(
    db,
    sql`select cl.relname as "table", con.conname as name, con.contype as kind, pcl.relname as parent,
               (select string_agg(a.attname, ',' order by k.pos)
                  from unnest(con.conkey) with ordinality as k(attnum, pos)
                  join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as columns,
               (select string_agg(a.attname, ',' order by k.pos)
                  from unnest(con.confkey) with ordinality as k(attnum, pos)
                  join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as refs
        from pg_constraint con
        join pg_class cl on cl.oid = con.conrelid
        join pg_namespace n on n.oid = cl.relnamespace
        left join pg_class pcl on pcl.oid = con.confrelid
        where n.nspname = 'public' and con.contype in ('p', 'f')
        order by cl.relname, con.conname`,
  );

  const infos = new Map<string, TableInfo>();
  const nullable = new Map<string, Set<string>>();
  for (const { name } of tables) {
    infos.set(name, {
      name,
      columns: [],
      primaryKey: [],
      identityAlways: false,
      selfReferences: [],
      deferred: [],
    });
    nullable.set(name, new Set());
  }
  for (const c of columns) {
    const info = infos.get(c.table);
    if (!info) continue;
    info.columns.push(c.column);
    if (c.identity === 'ALWAYS') info.identityAlways = true;
    if (c.nullable === 'YES') nullable.get(c.table)?.add(c.column);
  }
  type Edge = { child: string; parent: string; columns: string[] };
  let edges: Edge[] = [];
  for (const con of constraints) {
    const info = infos.get(con.table);
    if (!info) continue;
    const cols = con.columns.split(',');
    if (con.kind === 'p') info.primaryKey = cols;
    else if (con.parent && infos.has(con.parent)) {
      if (con.parent === con.table) {
        // A row pointing at another row of its table: nullable columns are set after the inserts,
        // otherwise the rows go parents first.
        if (cols.every((c) => nullable.get(con.table)?.has(c))) info.deferred.push(...cols);
        else if (cols.length === 1 && con.refs && !con.refs.includes(','))
          info.selfReferences.push({ column: cols[0] as string, references: con.refs });
        else
          throw new Error(`${con.table} references itself through ${con.name}, which restore cannot order`);
      } else edges.push({ child: con.table, parent: con.parent, columns: cols });
    }
  }

  // Parents first (Kahn's algorithm, alphabetical among equals so the order is stable). Where the
  // keys form a cycle (users <-> files, colleges <-> files), one edge with nullable columns is
  // broken: those columns are inserted empty and set once every table is in.
  const ordered: TableInfo[] = [];
  const done = new Set<string>();
  const pending = [...infos.keys()];
  while (pending.length > 0) {
    const index = pending.findIndex((t) =>
      edges.every((e) => e.child !== t || e.parent === t || done.has(e.parent)),
    );
    if (index >= 0) {
      const [name] = pending.splice(index, 1);
      done.add(name as string);
      ordered.push(infos.get(name as string) as TableInfo);
      continue;
    }
    const breakable = edges.find(
      (e) =>
        pending.includes(e.child) &&
        !done.has(e.parent) &&
        e.columns.every((c) => nullable.get(e.child)?.has(c)),
    );
    if (!breakable)
      throw new Error(`foreign keys form a cycle of required columns among: ${pending.join(', ')}`);
    infos.get(breakable.child)?.deferred.push(...breakable.columns);
    edges = edges.filter((e) => e !== breakable);
  }
  for (const info of ordered) {
    info.deferred = [...new Set(info.deferred)];
    if (info.deferred.length > 0 && info.primaryKey.length === 0)
      throw new Error(
        `${info.name} has no primary key: restore cannot set its columns ${info.deferred.join(', ')} afterwards`,
      );
  }
  return ordered;
}

/** The app schema's sequences and where they stand (none today; serial or identity columns would add them). */
export async function readSequences(db: Executor): Promise<SequenceState[]> {
  const found = await rows<{ name: string }>(
    db,
    sql`select sequencename as name from pg_sequences where schemaname = 'public' order by sequencename`,
  );
  const states: SequenceState[] = [];
  for (const { name } of found) {
    const [state] = await rows<{ last_value: string | number | null; is_called: boolean }>(
      db,
      sql`select last_value::text as last_value, is_called from ${sql.raw('public.')}${ident(name)}`,
    );
    states.push({
      name,
      lastValue:
        state?.last_value === null || state?.last_value === undefined ? null : String(state.last_value),
      isCalled: Boolean(state?.is_called),
    });
  }
  return states;
}

/** The migrations the database has applied (drizzle's journal): how many, and the last one's time. */
export async function readMigrationState(db: Executor): Promise<{ count: number; last: string | null }> {
  const [state] = await rows<{ n: number; last: string | null }>(
    db,
    sql`select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  return { count: Number(state?.n ?? 0), last: state?.last ?? null };
}
