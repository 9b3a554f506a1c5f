import { carrierOutput, createCarrierInput } from '#shared/schemas/carriers.js';
import { ownerOfNew } from '../../db/scope.js';
import { createRecordProcedure } from '../record-procedures.js';
import { findCarrier } from './carriers.repository.js';

/** Adds a carrier to the user's company; a sales user's carrier is theirs (sales_agent_id). */
export const createCarrierProcedure = createRecordProcedure(
  'carriers',
  'Carrier',
  createCarrierInput,
  carrierOutput,
  findCarrier,
  (scope) => ({
    salesAgentId: ownerOfNew(scope, 'carriers'),
  }),
);
