import { fleetDriverDetail as fleetDriverDetailOutput, fleetDriverInput } from '#shared/schemas/fleet.js';
import { orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { fleetDriverDetail } from './fleet.repository.js';

/** fleet.driver: the side panel's part of the selected driver (company, current load's lane and broker), read when it is selected. */
export const getFleetDriverProcedure = permitted('fleet', 'read')
  .input(fleetDriverInput)
  .output(fleetDriverDetailOutput)
  .query(async ({ ctx, input }) => orNotFound(await fleetDriverDetail(ctx.db, ctx.scope, input.id), 'Driver'));
