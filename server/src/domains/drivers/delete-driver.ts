import { deleteRecordProcedure } from '../record-procedures.js';

/**
 * Deletes a driver the user may change. Loads keep their history: the schema sets their
 * driver_id to null and keeps the driver_name they had.
 */
export const deleteDriverProcedure = deleteRecordProcedure('drivers', 'write', 'Driver');
