import { brokerOutput, createBrokerInput } from '#shared/schemas/brokers.js';
import { createRecordProcedure } from '../record-procedures.js';
import { findBroker } from './brokers.repository.js';

/** Adds a broker to the user's company: brokers belong to the company as a whole. */
export const createBrokerProcedure = createRecordProcedure('brokers', 'Broker', createBrokerInput, brokerOutput, findBroker);
