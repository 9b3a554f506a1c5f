import { toAppError } from '../../db/pg-errors.js';
import { AppError } from '../../errors.js';
import { isAssignable, type LoadsDb, type Viewer } from './loads.repository.js';

const ASSIGNMENTS = [
  { kind: 'driver', field: 'driverId', column: 'driver_id', message: 'Driver not found' },
  { kind: 'broker', field: 'brokerId', column: 'broker_id', message: 'Broker not found' },
  { kind: 'carrier', field: 'carrierId', column: 'carrier_id', message: 'Carrier not found' },
] as const;

/** undefined: not given (left as it is); null: none. */
type AssignmentIds = { driverId?: string | null | undefined; brokerId?: string | null | undefined; carrierId?: string | null | undefined };

/**
 * Refuses a driver, broker or carrier the viewer may not assign: another company's record
 * answers exactly like one that does not exist (NOT_FOUND naming the field), so nobody learns
 * another company's ids. An id the load already holds passes unchecked, so editing a load
 * never fails on an assignment someone else made.
 */
export async function assertAssignable(
  db: LoadsDb,
  viewer: Viewer,
  ids: AssignmentIds,
  current: AssignmentIds | null = null,
): Promise<void> {
  for (const { kind, field, message } of ASSIGNMENTS) {
    const id = ids[field];
    if (id === null || id === undefined || id === current?.[field]) continue;
    if (!(await isAssignable(db, viewer, kind, id))) throw new AppError('NOT_FOUND', message, { field });
  }
}

/**
 * The assigned record vanished between the check and the write (deleted meanwhile): the
 * composite foreign key refuses the row, and the caller hears the same NOT_FOUND as above.
 */
export function assignmentRaceError(error: unknown): AppError | null {
  return toAppError(error, {
    foreignKey: ({ constraint, detail }) => {
      const named = `${constraint ?? ''} ${detail ?? ''}`;
      const assignment = ASSIGNMENTS.find(({ column }) => named.includes(column));
      return assignment ? new AppError('NOT_FOUND', assignment.message, { field: assignment.field }) : null;
    },
  });
}
