import type { z } from 'zod';
import type { createBrokerInput } from '#shared/schemas/brokers.js';
import type { RecordDomain } from '../../components/records/record-domain';
import { trpc } from '../../lib/trpc';

/** Brokers as a record domain: their procedures, and what changes with them. */
export const brokerDomain: RecordDomain<z.output<typeof createBrokerInput>> = {
  noun: 'Broker',
  procedures: trpc.brokers,
  refresh: (utils) => utils.brokers.invalidate(),
};
