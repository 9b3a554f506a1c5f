import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { StaffRole } from '#shared/constants.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import type { Database } from './schema.js';

/**
 * Who is asking, and so which rows they reach, on top of row-level security (which already keeps
 * everyone inside their company, or lets a master admin read across companies on the audited read
 * path). Every procedure finds it in ctx.scope, beside ctx.db; subscriptions build it with scopeOf.
 * Lists, dashboards and the live feed all filter with the helpers below, so "a sales user's own
 * record" is written once.
 */
export interface Scope {
  userId: string;
  /** The user's own company: every write lands here, a master admin's too. */
  companyId: string;
  role: StaffRole | null;
  isMasterAdmin: boolean;
  /** The company reads are confined to; null on a master admin's cross-company read path. */
  readsCompanyId: string | null;
}

/** 'company': the user's company only; 'read': a master admin reads every company (read only). */
export type TenantPath = 'company' | 'read';

export function scopeOf(session: SessionOutput, path: TenantPath): Scope {
  return {
    userId: session.user.id,
    companyId: session.company.id,
    role: session.role,
    isMasterAdmin: session.isMasterAdmin,
    readsCompanyId: path === 'read' && session.isMasterAdmin ? null : session.company.id,
  };
}

/**
 * The ownership rule, once: the tables whose rows also belong to a person, the columns that name
 * that person (any of them makes the row theirs), and the roles that see and change only their own
 * rows. A master admin never sees "only their own".
 */
export const OWNERSHIP = {
  /** A sales user's own loads: those they sell or created. */
  loads: { owners: ['salesUserId', 'createdBy'], onlyOwnFor: ['sales'] },
  /** A sales user's own drivers and carriers: those they brought in (sales_agent_id). */
  drivers: { owners: ['salesAgentId'], onlyOwnFor: ['sales'] },
  carriers: { owners: ['salesAgentId'], onlyOwnFor: ['sales'] },
  /** Staff other than admins see their own assignment requests; admins review them all. */
  wipAssignments: { owners: ['userId'], onlyOwnFor: ['dispatcher', 'sales', 'treasury'] },
  /** Brokers, and the audit trail, belong to the company as a whole. */
  brokers: { owners: [], onlyOwnFor: [] },
  auditLogs: { owners: [], onlyOwnFor: [] },
  /** Documents belong to the company; who reads which is their visibility's business (DOCUMENT_VISIBILITY in shared/src/permissions.ts). */
  documents: { owners: [], onlyOwnFor: [] },
  /** Confirmed POD data goes with its document (read through it). */
  podData: { owners: [], onlyOwnFor: [] },
  /** Invoices belong to the company as a whole (treasury and admins). */
  invoices: { owners: [], onlyOwnFor: [] },
  /** A load's tracking links belong to the company (admins and dispatchers share them). */
  trackingLinks: { owners: [], onlyOwnFor: [] },
  /**
   * Messages and notifications are personal, for every role: row-level security shows a user only
   * the messages they sent or received and their own notifications (a master admin included), and
   * the live feed tells only those people (server/src/domains/realtime/live-audience.ts).
   */
  messages: { owners: ['senderId', 'recipientId'], onlyOwnFor: ['admin', 'dispatcher', 'sales', 'treasury'] },
  notifications: { owners: ['userId'], onlyOwnFor: ['admin', 'dispatcher', 'sales', 'treasury'] },
  /** Trucks, trailers and drivers' truck assignments belong to the company as a whole (issue 31). */
  trucks: { owners: [], onlyOwnFor: [] },
  trailers: { owners: [], onlyOwnFor: [] },
  truckAssignments: { owners: [], onlyOwnFor: [] },
  /** Driver pay belongs to the company (admins and treasury); a driver hears of their own through the portal group (issue 30). */
  settlements: { owners: [], onlyOwnFor: [] },
} as const satisfies {
  [Table in keyof Database]?: { owners: readonly (keyof Database[Table] & string)[]; onlyOwnFor: readonly StaffRole[] };
};

export type ScopedTable = keyof typeof OWNERSHIP;

/** Whether the scope sees (and changes) only its own rows of the table. */
export function seesOnlyOwn(scope: Scope, table: ScopedTable): boolean {
  const roles: readonly StaffRole[] = OWNERSHIP[table].onlyOwnFor;
  return !scope.isMasterAdmin && scope.role !== null && roles.includes(scope.role);
}

/** Who owns a record this scope creates: a user who sees only their own rows owns what they add; otherwise nobody in particular. */
export function ownerOfNew(scope: Scope, table: ScopedTable): string | null {
  return seesOnlyOwn(scope, table) ? scope.userId : null;
}

/** A where() filter for any query that names the table (under its own name or an alias). */
type Filter = <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>) => Expression<SqlBool>;

function rowsOf(scope: Scope, table: ScopedTable, companyId: string | null, alias: string = table): Filter {
  return (tableEb) => {
    // The columns are checked against OWNERSHIP's types above; the builder is widened only to name them through an alias.
    const eb = tableEb as unknown as ExpressionBuilder<Record<string, Record<string, unknown>>, string>;
    const conditions: Expression<SqlBool>[] = [];
    if (companyId !== null) conditions.push(eb(eb.ref(`${alias}.companyId`), '=', companyId));
    if (seesOnlyOwn(scope, table)) {
      const owners: readonly string[] = OWNERSHIP[table].owners;
      conditions.push(eb.or(owners.map((column) => eb(eb.ref(`${alias}.${column}`), '=', scope.userId))));
    }
    return eb.and(conditions);
  };
}

/**
 * The rows of `table` the scope may read: `.where(readable(ctx.scope, 'loads'))`. Filtering on
 * company_id explicitly as well keeps rows readable through another policy (a driver's own
 * record) out of staff lists, and lets the planner use the indexes that start with company_id.
 * `alias` when the query names the table otherwise ('wipAssignments as wip').
 */
export const readable = (scope: Scope, table: ScopedTable, alias?: string): Filter => rowsOf(scope, table, scope.readsCompanyId, alias);

/** The rows of `table` the scope may change: always in its own company (a master admin writes like an admin there). */
export const writable = (scope: Scope, table: ScopedTable, alias?: string): Filter => rowsOf(scope, table, scope.companyId, alias);

/**
 * The same rule in memory, for a row known only by its change notice (the live feed): the
 * payload names the company and the owner columns; `previous` the owners before an update, so
 * a user also hears that a row stopped being theirs.
 */
export function mayRead(scope: Scope, table: ScopedTable, row: Record<string, unknown>, previous?: Record<string, unknown>): boolean {
  if (scope.readsCompanyId !== null && row.companyId !== scope.readsCompanyId) return false;
  if (!seesOnlyOwn(scope, table)) return true;
  const owners: readonly string[] = OWNERSHIP[table].owners;
  return [row, previous ?? {}].some((version) => owners.some((column) => version[column] === scope.userId));
}
