import { mapPgErrors } from '../../db/pg-errors.js';
import { isWritable } from '../../db/records.js';
import type { Scope } from '../../db/scope.js';
import { LOAD_NUMBER_TAKEN } from '#shared/schemas/loads.js';
import { AppError } from '../../errors.js';
import type { LoadsDb } from './loads.repository.js';

const ASSIGNMENTS = [
  { table: 'drivers', field: 'driverId', column: 'driver_id', message: 'Driver not found' },
  { table: 'brokers', field: 'brokerId', column: 'broker_id', message: 'Broker not found' },
  { table: 'carriers', field: 'carrierId', column: 'carrier_id', message: 'Carrier not found' },
  { table: 'trucks', field: 'truckId', column: 'truck_id', message: 'Truck not found' },
  { table: 'trailers', field: 'trailerId', column: 'trailer_id', message: 'Trailer not found' },
] as const;

/** undefined: not given (left as it is); null: none. */
type AssignmentIds = {
  driverId?: string | null | undefined;
  brokerId?: string | null | undefined;
  carrierId?: string | null | undefined;
  truckId?: string | null | undefined;
  trailerId?: string | null | undefined;
};

/**
 * Refuses a driver, broker or carrier the scope may not assign (one it could not change itself:
 * its own company's, a sales user's own): another company's record answers exactly like one that
 * does not exist (NOT_FOUND naming the field), so nobody learns another company's ids. An id the
 * load already holds passes unchecked, so editing a load never fails on an assignment someone
 * else made.
 */
export async function assertAssignable(db: LoadsDb, scope: Scope, ids: AssignmentIds, current: AssignmentIds | null = null): Promise<void> {
  for (const { table, field, message } of ASSIGNMENTS) {
    const id = ids[field];
    if (id === null || id === undefined || id === current?.[field]) continue;
    if (!(await isWritable(db, scope, table, id))) throw new AppError('NOT_FOUND', message, { field });
  }
}

/** The unique index of a company's load numbers (migrations/2026-11-28T1900_unique_load_numbers.ts). */
const LOAD_NUMBER_INDEX = 'loads_company_load_number_key';

/**
 * Runs a write of a load (create or edit), mapping what the database refuses to what the form
 * shows:
 * - the assigned record vanished between the check and the write (deleted meanwhile): the
 *   composite foreign key refuses the row, and the caller hears the same NOT_FOUND as above;
 * - the load number is one the company already uses (another load has it, or was saved with it
 *   at the same moment): CONFLICT naming `loadNumber`, "Load number already exists".
 */
export function withAssignments<T>(write: () => Promise<T>): Promise<T> {
  return mapPgErrors(write, {
    foreignKey: ({ constraint, detail }) => {
      const named = `${constraint ?? ''} ${detail ?? ''}`;
      const assignment = ASSIGNMENTS.find(({ column }) => named.includes(column));
      return assignment ? new AppError('NOT_FOUND', assignment.message, { field: assignment.field }) : null;
    },
    unique: ({ constraint }) =>
      constraint === LOAD_NUMBER_INDEX ? new AppError('CONFLICT', LOAD_NUMBER_TAKEN, { field: 'loadNumber' }) : null,
  });
}
