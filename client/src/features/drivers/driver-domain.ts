import type { z } from 'zod';
import type { createDriverInput } from '#shared/schemas/drivers.js';
import type { RecordDomain } from '../../components/records/record-domain';
import { trpc } from '../../lib/trpc';

/** Drivers as a record domain: their procedures, and what changes with them. */
export const driverDomain: RecordDomain<z.output<typeof createDriverInput>> = {
  noun: 'Driver',
  procedures: trpc.drivers,
  refresh: (utils) => utils.drivers.invalidate(),
};
