import { withCompany } from '../../../../server/src/db/with-company.js';
import { createCarrier, createDriver, uniqueEmail } from '../../../support/factories.js';
import { allowedBy, type ProcedureRule, type Sample } from '../authorization-matrix.js';

/**
 * Driver and carrier-user invitations (issue 14, docs/fleet.md): a driver record of the caller's
 * company with an email and no account, for a carrier when `carrier` is set.
 */
export async function invitableDriver({ company, services }: Sample, options: { carrier?: boolean } = {}) {
  const by = company.users.admin;
  const carrierId = options.carrier ? await createCarrier(services.db, by) : null;
  const driverId = await createDriver(services.db, by);
  await withCompany(services.db, by, (tx) =>
    tx
      .updateTable('drivers')
      .set({ email: uniqueEmail('matrix-driver'), carrierId })
      .where('id', '=', driverId)
      .execute(),
  );
  return { driverId, carrierId };
}

export const invitationsRules = {
  'carriers.userCandidates': {
    type: 'query',
    allowed: allowedBy('carriers', 'invite'),
    input: async (sample) => ({ id: (await invitableDriver(sample, { carrier: true })).carrierId }),
  },
  'carriers.inviteUser': {
    type: 'mutation',
    allowed: allowedBy('carriers', 'invite'),
    input: async (sample) => {
      const { driverId, carrierId } = await invitableDriver(sample, { carrier: true });
      return { driverId, carrierId };
    },
  },
} satisfies Record<string, ProcedureRule>;
