import { router } from '../../trpc/procedures.js';
import { listFleetProcedure } from './list-fleet.js';

/** The fleet map: who may call each is in shared/src/permissions.ts ("fleet"). */
export const fleetRouter = router({
  list: listFleetProcedure,
});
