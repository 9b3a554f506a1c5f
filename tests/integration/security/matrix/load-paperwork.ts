import { randomUUID } from 'node:crypto';
import { withCompany } from '../../../../server/src/db/with-company.js';
import { createDriver, createLoad } from '../../../support/factories.js';
import { allowedBy, type ProcedureRule, type Sample } from '../authorization-matrix.js';
import { linkDriverAccount } from './portal.js';

/** A load of the caller's company, sold by its sales member, so every reader (sales included) reaches it. */
const loadOf = async ({ company, services }: Sample) => ({ loadId: await createLoad(services.db, company.users.sales) });

/** The same, with a driver (who has an email), so it can be sent. */
async function loadWithDriver({ company, services }: Sample) {
  const driverId = await createDriver(services.db, company.users.admin);
  await withCompany(services.db, company.users.admin, (tx) =>
    tx
      .updateTable('drivers')
      .set({ email: `driver-${randomUUID().slice(0, 8)}@paperwork.example` })
      .where('id', '=', driverId)
      .execute(),
  );
  return { loadId: await createLoad(services.db, company.users.sales, { driverId, status: 'assigned' }) };
}

/** Whether the sample's caller is its company's driver member (the only one these inputs link). */
const isDriver = ({ company, user }: Sample) => user !== null && user.userId === company.users.driver.userId;

export const loadPaperworkRules = {
  'loadPaperwork.confirmationPdf': { type: 'mutation', allowed: allowedBy('loads', 'read'), input: loadOf },
  'loadPaperwork.billOfLadingPdf': { type: 'mutation', allowed: allowedBy('loads', 'read'), input: loadOf },
  'loadPaperwork.confirmationStatus': { type: 'query', allowed: allowedBy('loads', 'read'), input: loadOf },
  'loadPaperwork.sendConfirmation': {
    type: 'mutation',
    allowed: allowedBy('loads', 'write'),
    input: async (sample) => ({ ...(await loadWithDriver(sample)), emailDriver: true }),
  },
  // The driver's own load, sent to them by its dispatcher; everyone else is refused before any lookup.
  'loadPaperwork.driverConfirmationPdf': {
    type: 'mutation',
    allowed: allowedBy('portal', 'write'),
    input: async (sample) => {
      if (!isDriver(sample)) return { loadId: randomUUID() };
      const { company, services } = sample;
      const driverId = await linkDriverAccount(services, company);
      const loadId = await createLoad(services.db, company.users.dispatcher, { driverId, status: 'assigned' });
      await withCompany(services.db, company.users.dispatcher, (tx) =>
        tx
          .insertInto('loadConfirmations')
          .values({ companyId: company.companyId, loadId, sentBy: company.users.dispatcher.userId, emailedTo: null })
          .execute(),
      );
      return { loadId };
    },
  },
} satisfies Record<string, ProcedureRule>;
