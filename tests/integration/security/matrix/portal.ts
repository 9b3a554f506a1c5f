import { randomUUID } from 'node:crypto';
import { withCompany } from '../../../../server/src/db/with-company.js';
import type { AppServices } from '../../../../server/src/services/services.js';
import { createDriver, createLoad, setLoadStatus, type TestCompany } from '../../../support/factories.js';
import { SIGNED_IN, type ProcedureRule, type Sample } from '../authorization-matrix.js';

/**
 * Links the company's driver member (the persona with no role) to a new driver record, as
 * accepting a driver's invitation does. With a carrier it is still a driver (a driver of that
 * carrier), never the carrier's user: that is linkCarrierUser.
 */
export async function linkDriverAccount(
  services: AppServices,
  company: TestCompany,
  options: { consent?: boolean; carrierId?: string | null; userId?: string } = {},
): Promise<string> {
  const admin = company.users.admin;
  const driverId = await createDriver(services.db, admin, { firstName: 'Dri', lastName: `Linked ${randomUUID().slice(0, 6)}` });
  await withCompany(services.db, admin, (tx) =>
    tx
      .updateTable('drivers')
      .set({
        userId: options.userId ?? company.users.driver.userId,
        gpsConsent: options.consent ?? true,
        carrierId: options.carrierId ?? null,
        dispatcherId: company.users.dispatcher.userId,
      })
      .where('id', '=', driverId)
      .execute(),
  );
  return driverId;
}

/** Makes the account (by default the company's driver member) a user of the carrier, as accepting a carrier invitation does. */
export async function linkCarrierUser(
  services: AppServices,
  company: TestCompany,
  carrierId: string,
  userId: string = company.users.driver.userId,
): Promise<void> {
  await withCompany(services.db, company.users.admin, (tx) =>
    tx.insertInto('carrierUsers').values({ companyId: company.companyId, userId, carrierId }).execute(),
  );
}

/** Whether the sample's caller is its company's driver member (the only one these inputs link). */
const isDriver = ({ company, user }: Sample) => user !== null && user.userId === company.users.driver.userId;

/** Only the driver persona gets a linked record; everyone else calls with none (and is refused). */
export const portalRules = {
  'portal.driver': { type: 'query', allowed: SIGNED_IN, input: () => undefined },
  'portal.carrier': { type: 'query', allowed: SIGNED_IN, input: () => undefined },
  'portal.setConsent': {
    type: 'mutation',
    allowed: ['driver'],
    input: async (sample) => {
      if (isDriver(sample)) await linkDriverAccount(sample.services, sample.company, { consent: false });
      return { consent: true };
    },
  },
  'portal.setLoadStatus': {
    type: 'mutation',
    allowed: ['driver'],
    input: async (sample) => {
      if (!isDriver(sample)) return { loadId: randomUUID(), status: 'picked' };
      const driverId = await linkDriverAccount(sample.services, sample.company);
      const loadId = await createLoad(sample.services.db, sample.company.users.dispatcher, { driverId, status: 'assigned' });
      return { loadId, status: 'picked' };
    },
  },
  'portal.undoLoadStatus': {
    type: 'mutation',
    allowed: ['driver'],
    input: async (sample) => {
      if (!isDriver(sample)) return { loadId: randomUUID(), status: 'picked' };
      const driverId = await linkDriverAccount(sample.services, sample.company);
      const loadId = await createLoad(sample.services.db, sample.company.users.dispatcher, { driverId, status: 'assigned' });
      // The driver's own step, just now: the one an undo may take back.
      await setLoadStatus(sample.services.db, sample.company.users.driver, loadId, 'picked');
      return { loadId, status: 'picked' };
    },
  },
} satisfies Record<string, ProcedureRule>;
