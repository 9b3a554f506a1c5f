import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from './schema.js';
import { writable, type Scope, type ScopedTable } from './scope.js';

/**
 * Writes every record domain does the same way: change or delete one row the scope may change
 * (its own company; a sales user's own), by id. Another company's id, or someone else's record,
 * changes nothing and answers like a missing one.
 */

type Db = Kysely<Database>;
// One shape for every scoped table: each has `id`, and the scope's filter names its own columns.
type RecordTables = Kysely<Record<string, { id: string }>>;

/** Adds a row (its company and owner among the values) and answers its id. */
export async function insertRecord<Table extends ScopedTable>(db: Db, table: Table, values: Insertable<Database[Table]>): Promise<string> {
  const tables = db as unknown as RecordTables;
  const { id } = await tables
    .insertInto(table)
    .values(values as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Whether the scope may change the row with this id (and so assign it, link to it). */
export async function isWritable(db: Db, scope: Scope, table: ScopedTable, id: string): Promise<boolean> {
  const found = await (db as unknown as RecordTables)
    .selectFrom(table)
    .select('id')
    .where(writable(scope, table) as never)
    .where('id', '=', id)
    .executeTakeFirst();
  return found !== undefined;
}

/** Changes the row; undefined values are left as they are. False when the scope may change no row with this id. */
export async function updateRecord<Table extends ScopedTable>(
  db: Db,
  scope: Scope,
  table: Table,
  id: string,
  values: Updateable<Database[Table]>,
): Promise<boolean> {
  // Kysely leaves undefined values out of the SET list; with none left there is nothing to write.
  if (Object.values(values as never).every((value) => value === undefined)) return isWritable(db, scope, table, id);
  const changed = await (db as unknown as RecordTables)
    .updateTable(table as string)
    .set(values as never)
    .where(writable(scope, table) as never)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return changed !== undefined;
}

/** Deletes the row; false when the scope may change no row with this id. */
export async function deleteRecord(db: Db, scope: Scope, table: ScopedTable, id: string): Promise<boolean> {
  const tables = db as unknown as RecordTables;
  const deleted = await tables
    .deleteFrom(table)
    .where(writable(scope, table) as never)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return deleted !== undefined;
}
