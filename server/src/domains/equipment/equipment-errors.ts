import {
  ASSIGNMENT_DRIVER_TAKEN,
  ASSIGNMENT_TRUCK_TAKEN,
  TRAILER_ON_LOADS,
  TRUCK_ON_LOADS,
  trailerUnitTaken,
  truckUnitTaken,
} from '#shared/schemas/equipment.js';
import { mapPgErrors } from '../../db/pg-errors.js';
import { AppError } from '../../errors.js';

/**
 * What the database refuses, named as the forms show it: a unit number the company already uses
 * (the unique indexes of migrations/2026-11-29T0520_equipment.ts), equipment loads still name
 * (a delete that lost a race with a load's assignment), an overlapping assignment (the trigger).
 */
export function withTruckRules<T>(unitNumber: string | undefined, write: () => Promise<T>): Promise<T> {
  return mapPgErrors(write, {
    unique: ({ constraint }) => {
      if (constraint === 'trucks_company_unit_key')
        return new AppError('CONFLICT', truckUnitTaken(unitNumber ?? ''), { field: 'unitNumber' });
      if (constraint === 'truck_assignments_truck_overlap') return new AppError('CONFLICT', ASSIGNMENT_TRUCK_TAKEN, { field: 'startsAt' });
      if (constraint === 'truck_assignments_driver_overlap')
        return new AppError('CONFLICT', ASSIGNMENT_DRIVER_TAKEN, { field: 'startsAt' });
      return null;
    },
    foreignKey: ({ detail }) => (detail?.includes('is still referenced') ? new AppError('CONFLICT', TRUCK_ON_LOADS) : null),
  });
}

export function withTrailerRules<T>(unitNumber: string | undefined, write: () => Promise<T>): Promise<T> {
  return mapPgErrors(write, {
    unique: ({ constraint }) =>
      constraint === 'trailers_company_unit_key'
        ? new AppError('CONFLICT', trailerUnitTaken(unitNumber ?? ''), { field: 'unitNumber' })
        : null,
    foreignKey: ({ detail }) => (detail?.includes('is still referenced') ? new AppError('CONFLICT', TRAILER_ON_LOADS) : null),
  });
}
