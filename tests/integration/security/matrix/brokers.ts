import { randomUUID } from 'node:crypto';
import { createBroker } from '../../../support/factories.js';
import { allowedBy, type ProcedureRule, type Sample } from '../authorization-matrix.js';

/** A broker of the caller's company, added by its dispatcher. */
const brokerId = async ({ company, services }: Sample) => ({ id: await createBroker(services.db, company.users.dispatcher) });

export const brokersRules = {
  'brokers.list': { type: 'query', allowed: allowedBy('brokers', 'read'), input: () => ({ limit: 10 }) },
  'brokers.get': { type: 'query', allowed: allowedBy('brokers', 'read'), input: brokerId },
  'brokers.create': {
    type: 'mutation',
    allowed: allowedBy('brokers', 'write'),
    input: () => ({
      name: `Matrix Broker ${randomUUID().slice(0, 6)}`,
      companyName: 'Matrix Logistics',
      paymentTerms: 'Net 30',
      email: '',
    }),
  },
  'brokers.update': {
    type: 'mutation',
    allowed: allowedBy('brokers', 'write'),
    input: async (sample) => ({ ...(await brokerId(sample)), paymentTerms: 'Net 15' }),
  },
  // Brokers carry payment history: only admins delete them.
  'brokers.delete': { type: 'mutation', allowed: allowedBy('brokers', 'delete'), input: brokerId },
} satisfies Record<string, ProcedureRule>;
