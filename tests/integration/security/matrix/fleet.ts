import { createDriver } from '../../../support/factories.js';
import { allowedBy, type ProcedureRule, type Sample } from '../authorization-matrix.js';

/** A driver of the caller's company (its admin's record). */
const driverOf = ({ company, services }: Sample) =>
  createDriver(services.db, company.users.admin, { firstName: 'Matrix', lastName: 'Fleet' });

/** The fleet map: admins and dispatchers, a master admin across companies. */
export const fleetRules = {
  'fleet.list': { type: 'query', allowed: allowedBy('fleet', 'read'), input: () => ({}) },
  'fleet.changed': {
    type: 'query',
    allowed: allowedBy('fleet', 'read'),
    input: async (sample) => ({ driverIds: [await driverOf(sample)] }),
  },
  'fleet.driver': { type: 'query', allowed: allowedBy('fleet', 'read'), input: async (sample) => ({ id: await driverOf(sample) }) },
} satisfies Record<string, ProcedureRule>;
