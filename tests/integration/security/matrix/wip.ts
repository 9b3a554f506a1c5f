import type { Db } from '../../../../server/src/db/database.js';
import { withCompany } from '../../../../server/src/db/with-company.js';
import type { Persona, ProcedureRule, SampleContext } from '../authorization-matrix.js';

/** Every member of staff lists WIP requests (admins all of them, others their own); a master admin in their own company. */
const WIP_READERS = ['admin', 'sales', 'dispatcher', 'treasury', 'masterAdmin'] as const satisfies readonly Persona[];
/** Non-admin staff request assignments; admins (and so master admins) decide instead. */
const WIP_REQUESTERS = ['sales', 'dispatcher', 'treasury'] as const satisfies readonly Persona[];
/** Admins approve and reject; a master admin in their own company. */
const WIP_DECIDERS = ['admin', 'masterAdmin'] as const satisfies readonly Persona[];

/** A pending request of a company's member, written as that member inside the company's transaction. */
export async function createWipRequest(
  db: Db,
  requester: { companyId: string; userId: string | null },
  notes: string | null = 'Cover the Dallas lanes this week',
): Promise<string> {
  return withCompany(db, requester, async (tx) => {
    const row = await tx
      .insertInto('wipAssignments')
      .values({ companyId: requester.companyId, userId: requester.userId, notes })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** A fresh pending request of the sample company each time, so every persona decides one of its own. */
const pendingRequest = async ({ company, services }: SampleContext) => ({
  id: await createWipRequest(services.db, company.users.dispatcher),
  notes: 'Checked with the dispatcher',
});

export const wipRules = {
  'wip.list': { type: 'query', allowed: WIP_READERS, input: () => undefined },
  'wip.request': { type: 'mutation', allowed: WIP_REQUESTERS, input: () => ({ notes: 'Authorization matrix request' }) },
  'wip.approve': { type: 'mutation', allowed: WIP_DECIDERS, input: pendingRequest },
  'wip.reject': { type: 'mutation', allowed: WIP_DECIDERS, input: pendingRequest },
} satisfies Record<string, ProcedureRule>;
