import { can, readsEveryCompany, type Permission } from '#shared/permissions.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { LIVE_TABLES, type LiveChange, type LiveTable } from '#shared/schemas/live.js';
import { mayRead, OWNERSHIP, scopeOf, type Scope } from '../../db/scope.js';
import type { RealtimeEvent } from '../../services/realtime/bus.js';
import { mayHearOfDocument } from '../documents/document-visibility.js';

/**
 * The permission of the table (shared/src/permissions.ts) that decides who hears of a table's
 * changes: the one its list procedure asks. Who may hear depends on the role (and the master admin
 * flag) only, never on a portal: live-membership.ts groups subscribers by those.
 */
const LIVE_PERMISSIONS = {
  loads: { domain: 'loads', action: 'read' },
  drivers: { domain: 'drivers', action: 'read' },
  brokers: { domain: 'brokers', action: 'read' },
  carriers: { domain: 'carriers', action: 'read' },
  wipAssignments: { domain: 'wip', action: 'read' },
  messages: { domain: 'messages', action: 'read' },
  /** Every member has their own notifications, whatever their role (a driver has none). */
  notifications: { domain: 'self', action: 'notifications' },
  documents: { domain: 'documents', action: 'read' },
  invoices: { domain: 'invoices', action: 'read' },
  settlements: { domain: 'settlements', action: 'read' },
  trucks: { domain: 'trucks', action: 'read' },
  trailers: { domain: 'trailers', action: 'read' },
  truckAssignments: { domain: 'trucks', action: 'read' },
} as const satisfies Record<LiveTable, Permission>;

/**
 * Personal tables: a change is told only to the people its row names (sender and recipient, the
 * notified user), in their own company, whatever their role, a master admin too (row-level
 * security lets nobody else read those rows).
 */
const PERSONAL_TABLES: Partial<Record<LiveTable, readonly string[]>> = {
  messages: ['senderId', 'recipientId'],
  notifications: ['userId'],
};

/**
 * Who hears what: per table the user may read, the scope of those reads, exactly as the table's
 * list procedure has it (a master admin reads every company's loads, drivers, brokers and
 * carriers, but their own company's WIP requests). A table missing here is not the user's to hear of.
 */
export type LiveAudience = Partial<Record<LiveTable, Scope>>;

export function liveAudienceOf(session: SessionOutput): LiveAudience {
  const audience: LiveAudience = {};
  for (const table of LIVE_TABLES) {
    const { domain, action }: Permission = LIVE_PERMISSIONS[table];
    // Not an access decision (the live channel's own guard is self.live): which of the events the
    // admitted session hears, read from the table through can(), the guard's own check (grantOf).
    if (!can(session, domain, action as never)) continue;
    audience[table] = scopeOf(session, readsEveryCompany(domain, action as never) ? 'read' : 'company');
  }
  return audience;
}

const OPS = ['INSERT', 'UPDATE', 'DELETE'] as const;
const capitalised = (column: string) => column.charAt(0).toUpperCase() + column.slice(1);
const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * The change as this subscriber may hear of it, or null. The trigger's payload names the row's
 * company and owners, before and after an update (old_*), so the ownership rule (server/src/db/scope.ts)
 * decides here exactly as it does for the lists: a user also hears that a row stopped being theirs.
 * The acting user becomes `mine` and is not passed on.
 */
export function toLiveChange(audience: LiveAudience, userId: string, event: RealtimeEvent): LiveChange | null {
  const table = LIVE_TABLES.find((name) => name === event.table);
  const scope = table ? audience[table] : undefined;
  const op = OPS.find((name) => name === event.op);
  if (!table || !scope || !op || typeof event.id !== 'string') return null;
  const people = PERSONAL_TABLES[table];
  if (people && (event.companyId !== scope.companyId || !people.some((column) => event[column] === userId))) return null;
  const previous = Object.fromEntries(OWNERSHIP[table].owners.map((column: string) => [column, event[`old${capitalised(column)}`]]));
  if (!mayRead(scope, table, event, previous)) return null;
  // Documents are read by their visibility too (shared/src/permissions.ts, DOCUMENT_VISIBILITY).
  if (table === 'documents' && !mayHearOfDocument(scope, event)) return null;
  return {
    type: 'change',
    table,
    op,
    id: event.id,
    status: text(event.status),
    previousStatus: text(event.oldStatus),
    mine: event.actorId === userId,
  };
}
