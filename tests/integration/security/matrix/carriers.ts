import { randomUUID } from 'node:crypto';
import { createCarrier } from '../../../support/factories.js';
import { allowedBy, type ProcedureRule, type Sample } from '../authorization-matrix.js';

/** A carrier of the caller's company, its sales member's own, so every reader (sales included) reaches it. */
const carrierId = async ({ company, services }: Sample) => ({ id: await createCarrier(services.db, company.users.sales) });

export const carriersRules = {
  'carriers.list': { type: 'query', allowed: allowedBy('carriers', 'read'), input: () => ({ limit: 10 }) },
  'carriers.get': { type: 'query', allowed: allowedBy('carriers', 'read'), input: carrierId },
  'carriers.options': { type: 'query', allowed: allowedBy('carriers', 'write'), input: () => undefined },
  'carriers.create': {
    type: 'mutation',
    allowed: allowedBy('carriers', 'write'),
    input: () => ({
      name: `Matrix Carrier ${randomUUID().slice(0, 6)}`,
      mcNumber: 'MC-204817',
      dotNumber: '1938270',
      insuranceExpiry: '',
    }),
  },
  'carriers.update': {
    type: 'mutation',
    allowed: allowedBy('carriers', 'write'),
    input: async (sample) => ({ ...(await carrierId(sample)), contractSigned: true }),
  },
  'carriers.delete': { type: 'mutation', allowed: allowedBy('carriers', 'write'), input: carrierId },
} satisfies Record<string, ProcedureRule>;
