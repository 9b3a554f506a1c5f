import { sql, type SqlBool } from 'kysely';
import {
  LOAD_HISTORY_LIMIT,
  loadStatusSchema,
  type LoadHistory,
  type LoadHistoryEntry,
  type LoadHistoryKind,
} from '#shared/schemas/loads.js';
import { readable, type Scope } from '../../db/scope.js';
import { isoTimestamp } from '../../db/sql.js';
import type { LoadsDb } from './loads.repository.js';

/**
 * A load's history (issue 26, item 4), read from the audit trail: the loads trigger (audit_row,
 * migrations/2026-11-26T0300_audit_without_positions.ts) writes one row per insert and per
 * update, its changes as `changes.changed_fields = { column: { old, new } }` in SQL's snake_case
 * and its author as `user_id` (null: no user, the system). Each row gives the entries of what it
 * changed that a person follows: the creation, the status, and each assignment. A driver's,
 * broker's or carrier's name is the one the load held at the time (the trigger keeps it beside the
 * id, so it survives a deleted record); a user's name is their profile's.
 *
 * Bounded: the newest LOAD_HISTORY_LIMIT rows that hold such a change, through the audit trail's
 * (company, entity) index, and at most LOAD_HISTORY_LIMIT entries.
 */

/** The columns whose changes are entries, and what each entry is about. */
const TRACKED = [
  { column: 'status', kind: 'status' },
  { column: 'driver_id', kind: 'driver', names: { column: 'driver_name', table: 'drivers' } },
  { column: 'broker_id', kind: 'broker', names: { column: 'broker_name', table: 'brokers' } },
  { column: 'carrier_id', kind: 'carrier', names: { column: 'carrier_name', table: 'carriers' } },
  { column: 'sales_user_id', kind: 'salesAgent', names: { users: true } },
  // A load's dispatcher, when loads have one: it is a user, named as sales agents are.
  { column: 'dispatcher_id', kind: 'dispatcher', names: { users: true } },
] as const satisfies readonly {
  column: string;
  kind: Exclude<LoadHistoryKind, 'created' | 'arrived' | 'departed' | 'arrivalUndone' | 'departureUndone'>;
  names?: { column: string; table: 'drivers' | 'brokers' | 'carriers' } | { users: true };
}[];

type FieldChange = { old?: unknown; new?: unknown };

/**
 * Issue 31: a stop's arrival or departure set or cleared is a row of the load's trail too (the
 * load_stops_visit trigger, migrations/2026-11-29T0600_stop_geofences.ts), naming the stop.
 */
const STOP_COLUMNS = ['stop_arrived_at', 'stop_departed_at'] as const;

/** The stop an arrival or departure row names: its role on the load and its place. */
function stopOf(fields: Record<string, FieldChange> | null): { role: string; place: string } | null {
  const stop = changeOf(fields, 'stop')?.new;
  if (typeof stop !== 'object' || stop === null) return null;
  const value = stop as Record<string, unknown>;
  const position = value.position;
  const last = value.last === true;
  const role = position === 0 ? 'pickup' : last ? 'delivery' : 'stop';
  const city = typeof value.city === 'string' ? value.city : '';
  const state = typeof value.state === 'string' ? value.state.trim() : '';
  return { role, place: [city, state].filter((part) => part !== '').join(', ') };
}

interface AuditRow {
  id: string;
  action: string;
  at: string;
  userId: string | null;
  byName: string | null;
  fields: Record<string, FieldChange> | null;
}

/** Keys as the driver hands them (the plugin camelCases nested JSON keys too), looked up by SQL's name. */
const camelCase = (name: string) => name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
const changeOf = (fields: Record<string, FieldChange> | null, column: string): FieldChange | undefined =>
  fields?.[camelCase(column)] ?? fields?.[column];
const idOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The newest audit rows of the load that hold an entry, newest first (one more than the limit: whether older ones exist). */
function auditRowsOf(db: LoadsDb, scope: Scope, load: { id: string; companyId: string }) {
  const tracked = sql.join([...TRACKED.map(({ column }) => column), ...STOP_COLUMNS].map((column) => sql.lit(column)));
  return (
    db
      .selectFrom('auditLogs as a')
      .leftJoin('profiles as p', 'p.userId', 'a.userId')
      .select([
        'a.id',
        'a.action',
        isoTimestamp('a.createdAt').as('at'),
        'a.userId',
        sql<string | null>`nullif(trim(p.first_name || ' ' || p.last_name), '')`.as('byName'),
        sql<Record<string, FieldChange> | null>`case when jsonb_typeof(a.changes -> 'changed_fields') = 'object'
        then a.changes -> 'changed_fields' end`.as('fields'),
      ])
      .where(readable(scope, 'auditLogs', 'a'))
      // The load's company named too: a master admin's read (every company) walks the same index.
      .where('a.companyId', '=', load.companyId)
      .where('a.entityType', '=', 'loads')
      .where('a.entityId', '=', load.id)
      .where(sql<SqlBool>`(a.action = 'created' or (a.changes -> 'changed_fields') ?| array[${tracked}])`)
      // Rows of one transaction share its time: the creation is the oldest of them.
      .orderBy('a.createdAt', 'desc')
      .orderBy(sql`a.action = 'created'`)
      .orderBy('a.id', 'desc')
      .limit(LOAD_HISTORY_LIMIT + 1)
      .execute() as Promise<AuditRow[]>
  );
}

/**
 * The names of the ids the rows name. A driver's, broker's or carrier's name is the one kept beside
 * its id in any of the rows (the trigger writes it when the record is assigned; a deleted record's
 * load keeps its name, so the row that takes it off may hold only the id); users, and records with
 * no name kept, are looked up.
 */
async function namesOf(db: LoadsDb, rows: readonly AuditRow[]): Promise<Map<string, string>> {
  const kept = new Map<string, string>();
  for (const row of rows) {
    for (const tracked of TRACKED) {
      if (!('names' in tracked) || !('column' in tracked.names)) continue;
      const change = changeOf(row.fields, tracked.column);
      const names = changeOf(row.fields, tracked.names.column);
      for (const side of ['old', 'new'] as const) {
        const id = idOf(change?.[side]);
        const name = names?.[side];
        if (id !== null && typeof name === 'string') kept.set(id, name);
      }
    }
  }
  const wanted = { users: new Set<string>(), drivers: new Set<string>(), brokers: new Set<string>(), carriers: new Set<string>() };
  for (const row of rows) {
    for (const tracked of TRACKED) {
      if (!('names' in tracked)) continue;
      const change = changeOf(row.fields, tracked.column);
      for (const side of ['old', 'new'] as const) {
        const id = idOf(change?.[side]);
        if (id === null || kept.has(id)) continue;
        wanted['users' in tracked.names ? 'users' : tracked.names.table].add(id);
      }
    }
  }
  const names = new Map(kept);
  // One after the other: a transaction is one connection. Row-level security keeps each to the load's company.
  if (wanted.users.size > 0) {
    const users = await db
      .selectFrom('profiles')
      .select(['profiles.userId as id', sql<string>`trim(profiles.first_name || ' ' || profiles.last_name)`.as('name')])
      .where('profiles.userId', 'in', [...wanted.users])
      .execute();
    for (const { id, name } of users) if (name !== '') names.set(id, name);
  }
  if (wanted.drivers.size > 0) {
    const drivers = await db
      .selectFrom('drivers')
      .select(['drivers.id', sql<string>`drivers.first_name || ' ' || drivers.last_name`.as('name')])
      .where('drivers.id', 'in', [...wanted.drivers])
      .execute();
    for (const { id, name } of drivers) names.set(id, name);
  }
  for (const table of ['brokers', 'carriers'] as const) {
    if (wanted[table].size === 0) continue;
    const found = await db
      .selectFrom(table)
      .select(['id', 'name'])
      .where('id', 'in', [...wanted[table]])
      .execute();
    for (const { id, name } of found) names.set(id, name);
  }
  return names;
}

const REMOVED = {
  driver: 'Removed driver',
  broker: 'Removed broker',
  carrier: 'Removed carrier',
  salesAgent: 'Former user',
  dispatcher: 'Former user',
};

/** The entries of one audit row, in the order they are shown: the creation, the assignments, the status. */
function entriesOf(row: AuditRow, names: Map<string, string>): LoadHistoryEntry[] {
  const by = row.userId === null ? null : (row.byName ?? 'Unknown user');
  const entry = (kind: LoadHistoryKind, from: string | null, to: string | null): LoadHistoryEntry => ({
    id: `${row.id}:${kind}`,
    changeId: row.id,
    at: row.at,
    kind,
    from,
    to,
    by,
  });
  const statusOf = (value: unknown) => {
    const parsed = loadStatusSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  };
  const created = row.action === 'created';
  const entries: LoadHistoryEntry[] = [];
  if (created) entries.push(entry('created', null, statusOf(changeOf(row.fields, 'status')?.new)));
  for (const tracked of TRACKED) {
    if (!('names' in tracked)) continue;
    const change = changeOf(row.fields, tracked.column);
    if (!change) continue;
    const nameOf = (side: 'old' | 'new') => {
      const id = idOf(change[side]);
      if (id === null) return null;
      const kept = 'column' in tracked.names ? changeOf(row.fields, tracked.names.column)?.[side] : undefined;
      return typeof kept === 'string' ? kept : (names.get(id) ?? REMOVED[tracked.kind]);
    };
    const from = nameOf('old');
    const to = nameOf('new');
    // An update that only renamed (never happens: names change with ids) or a creation with none: nothing to show.
    if (from === to) continue;
    entries.push(entry(tracked.kind, from, to));
  }
  const stop = stopOf(row.fields);
  if (stop) {
    const visits = [
      ['stop_arrived_at', 'arrived', 'arrivalUndone'],
      ['stop_departed_at', 'departed', 'departureUndone'],
    ] as const;
    for (const [column, set, undone] of visits) {
      const change = changeOf(row.fields, column);
      if (!change) continue;
      entries.push(entry(change.new === null || change.new === undefined ? undone : set, stop.role, stop.place));
    }
  }
  const status = changeOf(row.fields, 'status');
  if (status && !created) entries.push(entry('status', statusOf(status.old), statusOf(status.new)));
  return entries;
}

/** The load's history, oldest first: at most LOAD_HISTORY_LIMIT entries, the newest. The caller has found the load readable. */
export async function loadHistory(db: LoadsDb, scope: Scope, load: { id: string; companyId: string }): Promise<LoadHistory> {
  const rows = await auditRowsOf(db, scope, load);
  const kept = rows.slice(0, LOAD_HISTORY_LIMIT);
  const names = await namesOf(db, kept);
  const entries = [...kept].reverse().flatMap((row) => entriesOf(row, names));
  const hasEarlier = rows.length > LOAD_HISTORY_LIMIT || entries.length > LOAD_HISTORY_LIMIT;
  return { entries: entries.slice(-LOAD_HISTORY_LIMIT), hasEarlier };
}
