import { carrierOutput } from '#shared/schemas/carriers.js';
import { getRecordProcedure } from '../record-procedures.js';
import { findCarrier } from './carriers.repository.js';

export const getCarrierProcedure = getRecordProcedure('carriers', 'Carrier', carrierOutput, findCarrier);
