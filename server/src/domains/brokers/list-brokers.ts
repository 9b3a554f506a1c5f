import { brokerListOutput } from '#shared/schemas/brokers.js';
import { listRecordsProcedure } from '../record-procedures.js';
import { listBrokers } from './brokers.repository.js';

/** The Brokers page: newest first, a page at a time; a master admin reads every company's. */
export const listBrokersProcedure = listRecordsProcedure('brokers', brokerListOutput, listBrokers);
