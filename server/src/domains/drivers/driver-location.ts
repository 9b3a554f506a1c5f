import { driverLocationOutput } from '#shared/schemas/drivers.js';
import { getRecordProcedure } from '../record-procedures.js';
import { findDriverLocation } from './drivers.repository.js';

/** The location dialog: the last known position and when it was reported, or nulls when never. */
export const getDriverLocationProcedure = getRecordProcedure('drivers', 'Driver', driverLocationOutput, findDriverLocation);
