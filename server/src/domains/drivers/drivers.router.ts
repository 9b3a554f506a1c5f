import { router } from '../../trpc/procedures.js';
import { createDriverProcedure } from './create-driver.js';
import { deleteDriverProcedure } from './delete-driver.js';
import { getDriverLocationProcedure } from './driver-location.js';
import { getDriverProcedure } from './get-driver.js';
import { listDriversProcedure } from './list-drivers.js';
import { updateDriverProcedure } from './update-driver.js';

/** Drivers: who may call each is in shared/src/permissions.ts. */
export const driversRouter = router({
  list: listDriversProcedure,
  get: getDriverProcedure,
  location: getDriverLocationProcedure,
  create: createDriverProcedure,
  update: updateDriverProcedure,
  delete: deleteDriverProcedure,
});
