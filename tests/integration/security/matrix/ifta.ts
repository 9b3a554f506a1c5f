import { withCompany } from '../../../../server/src/db/with-company.js';
import { quarterOf } from '../../../../shared/src/schemas/ifta.js';
import { allowedBy, type ProcedureRule, type Sample } from '../authorization-matrix.js';
import { createTruck } from './equipment.js';

/** IFTA (issue 31, item 5): fuel purchases, tax rates, the report and its files, the rebuild. */

const quarter = () => quarterOf(new Date());
const today = () => new Date().toISOString().slice(0, 10);

const insertTruck = ({ company, services }: Sample) => createTruck(services.db, company.users.admin);

async function insertFuel(sample: Sample): Promise<string> {
  const truckId = await insertTruck(sample);
  const by = sample.company.users.admin;
  return withCompany(sample.services.db, by, async (tx) => {
    const row = await tx
      .insertInto('fuelPurchases')
      .values({ companyId: by.companyId, truckId, purchasedOn: today(), jurisdiction: 'TX', gallons: '100.5', amount: '380.20' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export const iftaRules = {
  'ifta.report': { type: 'query', allowed: allowedBy('ifta', 'read'), input: () => ({ quarter: quarter() }) },
  'ifta.reportCsv': { type: 'mutation', allowed: allowedBy('ifta', 'read'), input: () => ({ quarter: quarter() }) },
  'ifta.reportPdf': { type: 'mutation', allowed: allowedBy('ifta', 'read'), input: () => ({ quarter: quarter() }) },
  'ifta.rebuildQuarter': { type: 'mutation', allowed: allowedBy('ifta', 'rebuild'), input: () => ({ quarter: quarter() }) },
  'ifta.rebuildStatus': { type: 'query', allowed: allowedBy('ifta', 'read'), input: () => ({ quarter: quarter() }) },
  'ifta.fuelList': { type: 'query', allowed: allowedBy('ifta', 'read'), input: () => ({ quarter: quarter() }) },
  'ifta.fuelCreate': {
    type: 'mutation',
    allowed: allowedBy('ifta', 'write'),
    input: async (sample) => ({
      truckId: await insertTruck(sample),
      purchasedOn: today(),
      jurisdiction: 'OK',
      gallons: '120.250',
      amount: '455.10',
      vendor: 'Matrix stop',
    }),
  },
  'ifta.fuelUpdate': {
    type: 'mutation',
    allowed: allowedBy('ifta', 'write'),
    input: async (sample) => ({
      id: await insertFuel(sample),
      truckId: await insertTruck(sample),
      purchasedOn: today(),
      jurisdiction: 'NM',
      gallons: '90',
      amount: '300.00',
    }),
  },
  'ifta.fuelDelete': { type: 'mutation', allowed: allowedBy('ifta', 'write'), input: async (sample) => ({ id: await insertFuel(sample) }) },
  'ifta.fuelImport': {
    type: 'mutation',
    allowed: allowedBy('ifta', 'write'),
    // A row naming no truck: answered with its error, nothing written.
    input: () => ({ csv: 'date,unit,state,gallons,amount\n2026-11-02,NO-SUCH-UNIT,TX,100,380.00\n' }),
  },
  'ifta.taxRates': { type: 'query', allowed: allowedBy('ifta', 'read'), input: () => ({ quarter: quarter() }) },
  'ifta.upsertTaxRates': {
    type: 'mutation',
    allowed: allowedBy('ifta', 'write'),
    input: () => ({ quarter: quarter(), rates: [{ jurisdiction: 'TX', rate: '0.2000' }] }),
  },
} satisfies Record<string, ProcedureRule>;
