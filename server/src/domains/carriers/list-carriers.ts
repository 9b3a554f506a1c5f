import { carrierListOutput } from '#shared/schemas/carriers.js';
import { listRecordsProcedure } from '../record-procedures.js';
import { listCarriers } from './carriers.repository.js';

/** The Carriers page: newest first, a page at a time; sales see their own; a master admin every company's. */
export const listCarriersProcedure = listRecordsProcedure('carriers', carrierListOutput, listCarriers);
