import { driverListOutput } from '#shared/schemas/drivers.js';
import { listRecordsProcedure } from '../record-procedures.js';
import { listDrivers } from './drivers.repository.js';

/** The Drivers page: newest first, a page at a time; sales see their own; a master admin every company's. */
export const listDriversProcedure = listRecordsProcedure('drivers', driverListOutput, listDrivers);
