import { carrierOutput, updateCarrierInput } from '#shared/schemas/carriers.js';
import { updateRecordProcedure } from '../record-procedures.js';
import { findCarrier } from './carriers.repository.js';

/** Edits a carrier the user may change; any other id answers like a missing one. */
export const updateCarrierProcedure = updateRecordProcedure('carriers', 'Carrier', updateCarrierInput, carrierOutput, findCarrier);
