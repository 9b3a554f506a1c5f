import type { SessionOutput } from '#shared/schemas/auth.js';
import type { BrokerScope } from './brokers.repository.js';

/** Reads by a master admin reach every company (the audited path); everything else stays in the user's company. */
export const brokerScope = (session: SessionOutput, mode: 'read' | 'write'): BrokerScope => ({
  companyId: mode === 'read' && session.isMasterAdmin ? null : session.company.id,
});
