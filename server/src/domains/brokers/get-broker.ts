import { brokerOutput } from '#shared/schemas/brokers.js';
import { getRecordProcedure } from '../record-procedures.js';
import { findBroker } from './brokers.repository.js';

export const getBrokerProcedure = getRecordProcedure('brokers', 'Broker', brokerOutput, findBroker);
