import { router } from '../../trpc/procedures.js';
import { changedFleetProcedure } from './changed-fleet.js';
import { getFleetDriverProcedure } from './get-fleet-driver.js';
import { listFleetProcedure } from './list-fleet.js';

/** The fleet map: who may call each is in shared/src/permissions.ts ("fleet"). */
export const fleetRouter = router({
  list: listFleetProcedure,
  changed: changedFleetProcedure,
  driver: getFleetDriverProcedure,
});
