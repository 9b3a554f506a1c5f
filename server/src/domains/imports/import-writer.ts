import { sql, type Insertable, type Kysely } from 'kysely';
import type { ImportEntity, ImportRowError } from '#shared/schemas/imports.js';
import type { CreateLoadValues, LoadDetail } from '#shared/schemas/loads.js';
import { insertRecord, updateRecord } from '../../db/records.js';
import type { Database } from '../../db/schema.js';
import type { Scope } from '../../db/scope.js';
import { AppError } from '../../errors.js';
import { withAssignments } from '../loads/load-assignment.js';
import { statusOnAssigning } from '../loads/load-status-rules.js';
import { findWritableLoad } from '../loads/loads.repository.js';
import { equipmentOf, laneOf, moneyOf, stopRowValues, stopsFromLane, writeStops } from '../loads/load-stops.js';
import { naturalKey } from './import-fields.js';

/**
 * Writing one batch of checked rows in the company's transaction (the caller's), as the importing
 * user: each row is found by its natural key (import-fields.ts, naturalKey) among the company's
 * records and the batch's earlier rows, then updated, or else added. A key given twice: the last
 * row wins, the earlier ones count as updates. New rows of the batch go in one multi-row INSERT,
 * existing ones through the repositories' updateRecord; every write fires the table's audit
 * trigger, which records the importing user (app.user_id). A batch that fails as a whole is
 * written again row by row, each in its own savepoint, so one bad row fails alone.
 */

type Tx = Kysely<Database>;
type Table = 'loads' | 'drivers' | 'brokers' | 'carriers';

export interface CheckedRow {
  row: number;
  values: Record<string, unknown>;
  extra: Record<string, string>;
}

export interface BatchResult {
  created: number;
  updated: number;
  failed: { row: number; errors: ImportRowError[] }[];
}

const lower = (value: string) => value.trim().toLowerCase();

/** The ids of the company's records by natural key (lower case; load numbers as they are). */
async function existingIds(tx: Tx, entity: ImportEntity, rows: readonly CheckedRow[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const keys = (column: string) => [
    ...new Set(
      rows
        .map((row) => naturalKey(entity, row.values))
        .filter((key) => key.column === column && key.key)
        .map((key) => key.key),
    ),
  ];
  const add = (items: { id: string; key: string | null }[], prefix: string) => {
    for (const item of items) if (item.key !== null && !found.has(`${prefix}:${item.key}`)) found.set(`${prefix}:${item.key}`, item.id);
  };
  const byLower = async (table: Table, column: string, prefix: string) => {
    const wanted = keys(prefix);
    if (wanted.length === 0) return;
    const result = await sql<{ id: string; key: string | null }>`select id, lower(${sql.ref(column)}) as key from ${sql.table(table)}
      where company_id = current_setting('app.company_id')::uuid and lower(${sql.ref(column)}) = any(${wanted}) order by created_at, id`.execute(
      tx,
    );
    add(result.rows, prefix);
  };
  switch (entity) {
    case 'loads': {
      const wanted = keys('loadNumber');
      if (wanted.length === 0) break;
      const result = await tx.selectFrom('loads').select(['id', 'loadNumber as key']).where('loadNumber', 'in', wanted).execute();
      add(result, 'loadNumber');
      break;
    }
    case 'drivers':
      await byLower('drivers', 'email', 'email');
      await byLower('drivers', 'phone', 'phone');
      break;
    case 'carriers':
      await byLower('carriers', 'mc_number', 'mcNumber');
      await byLower('carriers', 'name', 'name');
      break;
    case 'brokers':
      await byLower('brokers', 'name', 'name');
      break;
  }
  return found;
}

/**
 * A load's broker, driver and carrier named in the sheet (Broker, Driver email or Driver, Carrier)
 * as ids of the company's records; a name that finds none fails the row naming the field.
 */
export async function resolveLoadLinks(tx: Tx, rows: readonly CheckedRow[]): Promise<Map<number, ImportRowError[]>> {
  const errors = new Map<number, ImportRowError[]>();
  const names = (field: string) => [...new Set(rows.map((row) => lower(row.extra[field] ?? '')).filter(Boolean))];
  const lookup = async (query: string, wanted: string[]) => {
    if (wanted.length === 0) return new Map<string, string>();
    const result = await sql<{ id: string; key: string }>`${sql.raw(query)} = any(${wanted}) order by created_at, id`.execute(tx);
    const map = new Map<string, string>();
    for (const item of result.rows) if (!map.has(item.key)) map.set(item.key, item.id);
    return map;
  };
  const inCompany = `company_id = current_setting('app.company_id')::uuid and`;
  const brokers = await lookup(`select id, lower(name) as key from brokers where ${inCompany} lower(name)`, names('brokerName'));
  const carriers = await lookup(`select id, lower(name) as key from carriers where ${inCompany} lower(name)`, names('carrierName'));
  const byEmail = await lookup(`select id, lower(email) as key from drivers where ${inCompany} lower(email)`, names('driverEmail'));
  const byName = await lookup(
    `select id, lower(first_name || ' ' || last_name) as key from drivers where ${inCompany} lower(first_name || ' ' || last_name)`,
    names('driverName'),
  );
  for (const row of rows) {
    const fail = (field: string, label: string, message: string) =>
      errors.set(row.row, [...(errors.get(row.row) ?? []), { field, label, message }]);
    const link = (field: string, label: string, map: Map<string, string>, target: string) => {
      const name = lower(row.extra[field] ?? '');
      if (!name) return;
      const id = map.get(name);
      if (id) row.values[target] = id;
      else fail(field, label, `${label} not found: ${row.extra[field]}`);
    };
    link('brokerName', 'Broker', brokers, 'brokerId');
    link('carrierName', 'Carrier', carriers, 'carrierId');
    if (row.extra.driverEmail) link('driverEmail', 'Driver email', byEmail, 'driverId');
    else link('driverName', 'Driver', byName, 'driverId');
  }
  return errors;
}

/** A new load's columns, as Create Load writes them (create-load.ts): its two stops, its money, its status. */
function newLoad(scope: Scope, values: Record<string, unknown>) {
  const {
    stops: _stops,
    accessorials: _charges,
    lineHaul,
    equipmentType,
    temperature,
    status,
    ...fields
  } = values as CreateLoadValues & {
    status?: string;
  };
  const stops = stopsFromLane(fields);
  return {
    stops,
    row: {
      ...fields,
      ...laneOf(stops),
      ...moneyOf({ lineHaul, rate: fields.rate }, []),
      ...equipmentOf({ equipmentType, temperature }),
      loadNumber: fields.loadNumber as string,
      companyId: scope.companyId,
      createdBy: scope.userId,
      salesUserId: null,
      status: (status as LoadDetail['status'] | undefined) ?? statusOnAssigning({ status: 'pending', driverId: null }, fields.driverId),
    } as Insertable<Database['loads']>,
  };
}

/** An existing load's change, as Edit Load writes it (update-load.ts): its ends' stops, its money with its own charges. */
async function updateLoad(tx: Tx, scope: Scope, id: string, values: Record<string, unknown>): Promise<boolean> {
  const current = await findWritableLoad(tx, scope, id);
  if (!current) return false;
  const {
    stops: _stops,
    accessorials: _charges,
    lineHaul,
    equipmentType,
    temperature,
    status,
    loadNumber: _number,
    ...rest
  } = values as CreateLoadValues & { status?: LoadDetail['status'] };
  const stops = stopsFromLane(rest, current.stops);
  const nextStatus = status ?? statusOnAssigning(current, rest.driverId);
  const fields = {
    ...rest,
    ...laneOf(stops),
    ...moneyOf({ lineHaul, rate: rest.rate }, current.accessorials, current),
    ...equipmentOf({ equipmentType, temperature }),
    ...(nextStatus === current.status ? {} : { status: nextStatus }),
  };
  if (!(await withAssignments(() => updateRecord(tx, scope, 'loads', id, fields)))) return false;
  await writeStops(tx, scope, id, stops);
  return true;
}

const messageOf = (error: unknown): string => (error instanceof AppError ? error.message : 'This row could not be saved');

const failure = (row: number, error: unknown): BatchResult['failed'][number] => ({
  row,
  errors: [{ field: error instanceof AppError ? (error.field ?? '') : '', label: '', message: messageOf(error) }],
});

/** Writes the batch; rows that fail are answered with their errors, the others are written. */
export async function writeBatch(tx: Tx, scope: Scope, entity: ImportEntity, rows: readonly CheckedRow[]): Promise<BatchResult> {
  const result: BatchResult = { created: 0, updated: 0, failed: [] };
  let live = [...rows];
  if (entity === 'loads') {
    const linkErrors = await resolveLoadLinks(tx, live);
    for (const [row, errors] of linkErrors) result.failed.push({ row, errors });
    live = live.filter((row) => !linkErrors.has(row.row));
  }
  // The last row of a key wins; the earlier ones count as updates.
  const last = new Map<string, CheckedRow>();
  const keyOf = (row: CheckedRow) => {
    const key = naturalKey(entity, row.values);
    return `${key.column}:${key.key}`;
  };
  for (const row of live) {
    const key = keyOf(row);
    if (last.has(key)) result.updated += 1;
    last.set(key, row);
  }
  const unique = [...last.values()];
  const existing = await existingIds(tx, entity, unique);
  const toUpdate = unique.filter((row) => existing.has(keyOf(row)));
  const toInsert = unique.filter((row) => !existing.has(keyOf(row)));

  await sql`savepoint import_batch`.execute(tx);
  try {
    await insertMany(tx, scope, entity, toInsert);
    for (const row of toUpdate) await update(tx, scope, entity, existing.get(keyOf(row)) as string, row.values);
    await sql`release savepoint import_batch`.execute(tx);
    result.created += toInsert.length;
    result.updated += toUpdate.length;
    return result;
  } catch {
    await sql`rollback to savepoint import_batch`.execute(tx);
  }
  // One by one: a row that fails is rolled back alone and reported.
  for (const row of unique) {
    const id = existing.get(keyOf(row));
    await sql`savepoint import_row`.execute(tx);
    try {
      if (id) await update(tx, scope, entity, id, row.values);
      else await insertMany(tx, scope, entity, [row]);
      await sql`release savepoint import_row`.execute(tx);
      if (id) result.updated += 1;
      else result.created += 1;
    } catch (error) {
      await sql`rollback to savepoint import_row`.execute(tx);
      result.failed.push(failure(row.row, error));
    }
  }
  return result;
}

async function insertMany(tx: Tx, scope: Scope, entity: ImportEntity, rows: readonly CheckedRow[]): Promise<void> {
  if (rows.length === 0) return;
  if (entity === 'loads') {
    const made = rows.map((row) => newLoad(scope, row.values));
    const ids = await withAssignments(() =>
      tx
        .insertInto('loads')
        .values(made.map((load) => load.row))
        .returning(['id', 'loadNumber'])
        .execute(),
    );
    const stopsOf = new Map(made.map((load) => [load.row.loadNumber, load.stops]));
    // New loads have no stops yet: all of the batch's in one statement (the columns of stopRowValues, load-stops.ts).
    await tx
      .insertInto('loadStops')
      .values(
        ids.flatMap(({ id, loadNumber }) =>
          (stopsOf.get(loadNumber) ?? []).map((stop, position) => stopRowValues(scope.companyId, id, position, stop)),
        ),
      )
      .execute();
    return;
  }
  if (rows.length === 1) {
    await insertRecord(tx, entity, { ...(rows[0] as CheckedRow).values, companyId: scope.companyId } as never);
    return;
  }
  await (tx as unknown as Kysely<Record<string, { id: string }>>)
    .insertInto(entity)
    .values(rows.map((row) => ({ ...row.values, companyId: scope.companyId })) as never)
    .execute();
}

async function update(tx: Tx, scope: Scope, entity: ImportEntity, id: string, values: Record<string, unknown>): Promise<void> {
  const done = entity === 'loads' ? await updateLoad(tx, scope, id, values) : await updateRecord(tx, scope, entity, id, values as never);
  if (!done) throw new AppError('NOT_FOUND', 'The record this row updates is not one you may change');
}
