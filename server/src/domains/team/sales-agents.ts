import { sql, type Kysely } from 'kysely';
import { can } from '#shared/permissions.js';
import { SALES_AGENT_TEXTS, salesAgentOptionsOutput, type SalesAgentOption } from '#shared/schemas/sales-agents.js';
import type { Database } from '../../db/schema.js';
import { ownerOfNew, seesOnlyOwn, type Scope, type ScopedTable } from '../../db/scope.js';
import { AppError } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';

type Db = Kysely<Database>;

/** A pick list stops here: more is of no use in a select, and the query stays bounded. */
const SALES_AGENT_LIMIT = 500;

/** The company's members with the sales role, by name (all of them, or the one named by `onlyId`). */
export function salesAgentOptions(db: Db, companyId: string, onlyId?: string): Promise<SalesAgentOption[]> {
  let query = db
    .selectFrom('userRoles')
    .innerJoin('profiles', (join) =>
      join.onRef('profiles.userId', '=', 'userRoles.userId').onRef('profiles.companyId', '=', 'userRoles.companyId'),
    )
    .select(['userRoles.userId as id', sql<string>`trim(profiles.first_name || ' ' || profiles.last_name)`.as('name')])
    .where('userRoles.companyId', '=', companyId)
    .where('userRoles.role', '=', 'sales');
  if (onlyId) query = query.where('userRoles.userId', '=', onlyId);
  return query.orderBy('profiles.firstName').orderBy('profiles.lastName').orderBy('userRoles.userId').limit(SALES_AGENT_LIMIT).execute();
}

/** The Sales Agent select of the load, driver and carrier forms: the company's sales agents. */
export const listSalesAgentsProcedure = permitted('salesAgents', 'assign')
  .output(salesAgentOptionsOutput)
  .query(({ ctx }) => salesAgentOptions(ctx.db, ctx.scope.companyId));

/**
 * Whether this scope chooses a record's sales agent (admins, dispatchers, a master admin in their
 * own company). Not an access decision: the caller is already permitted to create or edit the
 * record (loads.write, drivers.write, carriers.write); this shapes what the write stores, read from
 * the table through can(), the guard's own check (shared/src/permissions.ts, grantOf).
 */
export const choosesSalesAgent = (scope: Scope) => can(scope, 'salesAgents', 'assign');

/**
 * The sales agent a new record gets: a sales user (who sees only their own rows) owns what they
 * add, whatever the input says; whoever may choose gets the agent chosen (checked) or none; anyone
 * else none.
 */
export async function salesAgentOfNew(
  db: Db,
  scope: Scope,
  table: ScopedTable,
  field: string,
  chosen: string | null | undefined,
): Promise<string | null> {
  if (seesOnlyOwn(scope, table)) return ownerOfNew(scope, table);
  if (!choosesSalesAgent(scope) || !chosen) return null;
  await assertSalesAgent(db, scope.companyId, field, chosen);
  return chosen;
}

/**
 * The sales agent an edit writes: undefined (left as it is) for a sales user, who cannot hand
 * their record to someone else, for anyone who may not choose, and when nothing was given; the
 * chosen agent otherwise, checked unless it is the one the record already has (an agent who has
 * since left the sales role does not stop an edit of something else).
 */
export async function salesAgentOfEdit(
  db: Db,
  scope: Scope,
  table: ScopedTable,
  field: string,
  chosen: string | null | undefined,
  current: string | null,
): Promise<string | null | undefined> {
  if (seesOnlyOwn(scope, table) || !choosesSalesAgent(scope) || chosen === undefined) return undefined;
  if (chosen !== null && chosen !== current) await assertSalesAgent(db, scope.companyId, field, chosen);
  return chosen;
}

/** Refuses, beside the field, anyone but a sales agent of the company: another company's user answers like nobody. */
async function assertSalesAgent(db: Db, companyId: string, field: string, userId: string): Promise<void> {
  const [found] = await salesAgentOptions(db, companyId, userId);
  if (!found) throw new AppError('BAD_REQUEST', SALES_AGENT_TEXTS.notFound, { field });
}
