import { createLoad, loadForm } from '../../../support/factories.js';
import { allowedBy, type ProcedureRule, type Sample } from '../authorization-matrix.js';

/** A load of the caller's company, sold by its sales member, so every reader (sales included) reaches it. */
const loadId = async ({ company, services }: Sample) => ({ id: await createLoad(services.db, company.users.sales) });

export const loadsRules = {
  'loads.list': { type: 'query', allowed: allowedBy('loads', 'read'), input: () => ({ search: '', status: 'all' }) },
  'loads.get': { type: 'query', allowed: allowedBy('loads', 'read'), input: loadId },
  'loads.history': { type: 'query', allowed: allowedBy('loads', 'read'), input: loadId },
  'loads.formOptions': { type: 'query', allowed: allowedBy('loads', 'read'), input: () => undefined },
  'loads.create': {
    type: 'mutation',
    allowed: allowedBy('loads', 'write'),
    input: ({ company, services }) => loadForm(services.db, company),
  },
  'loads.update': {
    type: 'mutation',
    allowed: allowedBy('loads', 'write'),
    input: async (sample) => ({ ...(await loadId(sample)), ...(await loadForm(sample.services.db, sample.company)) }),
  },
  'loads.changeStatus': {
    type: 'mutation',
    allowed: allowedBy('loads', 'write'),
    input: async (sample) => ({ ...(await loadId(sample)), status: 'in_transit' }),
  },
  'loads.driverChoices': { type: 'query', allowed: allowedBy('loads', 'write'), input: () => ({ pickupDate: '2026-12-01' }) },
  'loads.assign': {
    type: 'mutation',
    allowed: allowedBy('loads', 'write'),
    input: async (sample) => ({ ...(await loadId(sample)), driverId: null }),
  },
  'loads.duplicate': {
    type: 'mutation',
    allowed: allowedBy('loads', 'write'),
    input: async (sample) => ({ ...(await loadId(sample)), pickupDate: '2026-12-01', deliveryDate: '2026-12-03' }),
  },
  'loads.bulkStatus': {
    type: 'mutation',
    allowed: allowedBy('loads', 'write'),
    input: async (sample) => ({ ids: [(await loadId(sample)).id], status: 'in_transit' }),
  },
  'loads.bulkAssignDispatcher': {
    type: 'mutation',
    allowed: allowedBy('loads', 'write'),
    input: async (sample) => ({ ids: [(await loadId(sample)).id], dispatcherId: sample.company.users.dispatcher.userId }),
  },
} satisfies Record<string, ProcedureRule>;
