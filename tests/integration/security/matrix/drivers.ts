import { randomUUID } from 'node:crypto';
import { createDriver } from '../../../support/factories.js';
import { allowedBy, type ProcedureRule, type Sample } from '../authorization-matrix.js';
import { invitableDriver } from './invitations.js';

/** A driver of the caller's company, its sales member's own, so every reader (sales included) reaches it. */
const driverId = async ({ company, services }: Sample) => ({ id: await createDriver(services.db, company.users.sales) });

export const driversRules = {
  'drivers.list': { type: 'query', allowed: allowedBy('drivers', 'read'), input: () => ({ limit: 10 }) },
  'drivers.get': { type: 'query', allowed: allowedBy('drivers', 'read'), input: driverId },
  'drivers.location': { type: 'query', allowed: allowedBy('drivers', 'read'), input: driverId },
  'drivers.create': {
    type: 'mutation',
    allowed: allowedBy('drivers', 'write'),
    input: () => ({ firstName: 'Rosa', lastName: `Matrix ${randomUUID().slice(0, 6)}`, phone: '+1 555 010 2020', licenseExpiry: '' }),
  },
  'drivers.update': {
    type: 'mutation',
    allowed: allowedBy('drivers', 'write'),
    input: async (sample) => ({ ...(await driverId(sample)), status: 'on_route', notes: 'Matrix edit' }),
  },
  'drivers.delete': { type: 'mutation', allowed: allowedBy('drivers', 'write'), input: driverId },
  'drivers.dispatcherOptions': { type: 'query', allowed: allowedBy('drivers', 'write'), input: () => undefined },
  'drivers.account': {
    type: 'query',
    allowed: allowedBy('drivers', 'invite'),
    input: async (sample) => ({ driverId: (await invitableDriver(sample)).driverId }),
  },
  'drivers.invite': {
    type: 'mutation',
    allowed: allowedBy('drivers', 'invite'),
    input: async (sample) => ({ driverId: (await invitableDriver(sample)).driverId }),
  },
} satisfies Record<string, ProcedureRule>;
