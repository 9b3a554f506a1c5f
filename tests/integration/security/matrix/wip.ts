import { createWipRequest } from '../../../support/factories.js';
import { allowedBy, type ProcedureRule, type Sample } from '../authorization-matrix.js';

/** A fresh pending request of the caller's company's dispatcher, so every persona decides one of its own. */
const pendingRequest = async ({ company, services }: Sample) => ({
  id: await createWipRequest(services.db, company.users.dispatcher),
  notes: 'Checked with the dispatcher',
});

export const wipRules = {
  'wip.list': { type: 'query', allowed: allowedBy('wip', 'read'), input: () => undefined },
  // A master admin is an admin of their own company: they decide rather than request (MASTER_ADMIN_NEVER).
  'wip.request': {
    type: 'mutation',
    allowed: allowedBy('wip', 'request'),
    input: () => ({ notes: 'Authorization matrix request' }),
  },
  'wip.approve': { type: 'mutation', allowed: allowedBy('wip', 'decide'), input: pendingRequest },
  'wip.reject': { type: 'mutation', allowed: allowedBy('wip', 'decide'), input: pendingRequest },
} satisfies Record<string, ProcedureRule>;
