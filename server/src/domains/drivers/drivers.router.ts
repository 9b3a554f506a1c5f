import { router } from '../../trpc/procedures.js';
import { createDriverProcedure } from './create-driver.js';
import { deleteDriverProcedure } from './delete-driver.js';
import { listDispatcherOptionsProcedure } from './driver-dispatcher.js';
import { getDriverLocationProcedure } from './driver-location.js';
import { getDriverProcedure } from './get-driver.js';
import { inviteDriverProcedure, readDriverAccountProcedure } from './invite-driver.js';
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
  /** The company's dispatchers and admins, for the driver form's Dispatcher select. */
  dispatcherOptions: listDispatcherOptionsProcedure,
  /** Whether the record's person may be invited, and their open invitation. */
  account: readDriverAccountProcedure,
  /** Invites the record's person by email as a driver (the driver portal). */
  invite: inviteDriverProcedure,
});
