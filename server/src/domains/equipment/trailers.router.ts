import { router } from '../../trpc/procedures.js';
import {
  createTrailerProcedure,
  deleteTrailerProcedure,
  getTrailerProcedure,
  listTrailersProcedure,
  updateTrailerProcedure,
} from './trailers.js';

/** Trailers (issue 31): who may call each is in shared/src/permissions.ts. */
export const trailersRouter = router({
  list: listTrailersProcedure,
  get: getTrailerProcedure,
  create: createTrailerProcedure,
  update: updateTrailerProcedure,
  delete: deleteTrailerProcedure,
});
