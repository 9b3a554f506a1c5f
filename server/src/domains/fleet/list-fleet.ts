import { fleetListInput, fleetListOutput } from '#shared/schemas/fleet.js';
import { permitted } from '../../trpc/procedures.js';
import { listFleet } from './fleet.repository.js';

/** fleet.list: the fleet map's drivers with their position and current load (admins and dispatchers; a master admin every company's). */
export const listFleetProcedure = permitted('fleet', 'read')
  .input(fleetListInput)
  .output(fleetListOutput)
  .query(({ ctx, input }) => listFleet(ctx.db, ctx.scope, input));
