import { router } from '../../trpc/procedures.js';
import { assignDriverProcedure } from './assign-driver.js';
import { createTruckProcedure } from './create-truck.js';
import { deleteTruckProcedure } from './delete-truck.js';
import { endAssignmentProcedure } from './end-assignment.js';
import { getTruckProcedure } from './get-truck.js';
import { listTrucksProcedure } from './list-trucks.js';
import { truckAssignmentsProcedure } from './truck-assignments.js';
import { updateTruckProcedure } from './update-truck.js';

/** Trucks and drivers' assignments to them (issue 31): who may call each is in shared/src/permissions.ts. */
export const trucksRouter = router({
  list: listTrucksProcedure,
  get: getTruckProcedure,
  create: createTruckProcedure,
  update: updateTruckProcedure,
  delete: deleteTruckProcedure,
  /** Puts a driver in the truck from a date, ending the truck's and the driver's previous assignments. */
  assignDriver: assignDriverProcedure,
  endAssignment: endAssignmentProcedure,
  /** The truck's assignment history. */
  assignments: truckAssignmentsProcedure,
});
