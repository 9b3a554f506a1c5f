import { fleetChangedInput, fleetChangedOutput } from '#shared/schemas/fleet.js';
import { permitted } from '../../trpc/procedures.js';
import { changedFleet } from './fleet.repository.js';

/**
 * fleet.changed: the fleet map's delta read. A burst of live changes names drivers and loads; the
 * map reads only those drivers, as fleet.list would answer them now, and merges them into the list
 * it holds (client/src/features/fleet-map/fleet-delta.ts) instead of reading all of it again.
 * Same readers as fleet.list (admins, dispatchers; a master admin every company's).
 */
export const changedFleetProcedure = permitted('fleet', 'read')
  .input(fleetChangedInput)
  .output(fleetChangedOutput)
  .query(({ ctx, input }) => changedFleet(ctx.db, ctx.scope, input));
