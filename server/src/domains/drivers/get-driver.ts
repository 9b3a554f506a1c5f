import { driverOutput } from '#shared/schemas/drivers.js';
import { getRecordProcedure } from '../record-procedures.js';
import { findDriver } from './drivers.repository.js';

export const getDriverProcedure = getRecordProcedure('drivers', 'Driver', driverOutput, findDriver);
