import { brokerOutput, updateBrokerInput } from '#shared/schemas/brokers.js';
import { updateRecordProcedure } from '../record-procedures.js';
import { findBroker } from './brokers.repository.js';

/** Edits a broker the user may change; any other id answers like a missing one. */
export const updateBrokerProcedure = updateRecordProcedure('brokers', 'Broker', updateBrokerInput, brokerOutput, findBroker);
