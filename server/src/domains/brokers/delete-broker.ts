import { deleteRecordProcedure } from '../record-procedures.js';

/**
 * Admins only (brokers carry payment history). Loads keep their history: the schema sets their
 * broker_id to null and keeps the broker_name they had.
 */
export const deleteBrokerProcedure = deleteRecordProcedure('brokers', 'delete', 'Broker');
