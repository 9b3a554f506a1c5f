import { deleteRecordProcedure } from '../record-procedures.js';

/**
 * Deletes a carrier the user may change. Its loads keep their history: the schema sets their
 * carrier_id to null and keeps the carrier_name they had; its drivers lose the link.
 */
export const deleteCarrierProcedure = deleteRecordProcedure('carriers', 'write', 'Carrier');
