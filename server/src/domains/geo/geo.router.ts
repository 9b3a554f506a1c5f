import { router } from '../../trpc/procedures.js';
import { describePlacesProcedure } from './describe-places.js';
import { estimateDistanceProcedure } from './estimate-distance.js';
import { locatePlaceProcedure } from './locate-place.js';

/** Company staff place loads on the map: who may call each is in shared/src/permissions.ts ("geo"). */
export const geoRouter = router({
  locate: locatePlaceProcedure,
  estimateDistance: estimateDistanceProcedure,
  describe: describePlacesProcedure,
});
