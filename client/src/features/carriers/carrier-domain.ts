import type { z } from 'zod';
import type { createCarrierInput } from '#shared/schemas/carriers.js';
import type { RecordDomain } from '../../components/records/record-domain';
import { trpc } from '../../lib/trpc';

/** Carriers as a record domain: their procedures, and what changes with them (a deleted carrier's drivers lose the link). */
export const carrierDomain: RecordDomain<z.output<typeof createCarrierInput>> = {
  noun: 'Carrier',
  procedures: trpc.carriers,
  refresh: (utils) => Promise.all([utils.carriers.invalidate(), utils.drivers.invalidate()]),
};
