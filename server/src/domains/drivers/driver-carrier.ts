import { mapPgErrors } from '../../db/pg-errors.js';
import { isWritable } from '../../db/records.js';
import type { Scope } from '../../db/scope.js';
import { AppError } from '../../errors.js';
import type { DriversDb } from './drivers.repository.js';

const carrierNotFound = () => new AppError('NOT_FOUND', 'Carrier not found', { field: 'carrierId' });

/**
 * A driver may only be linked to a carrier the user could change themselves: their company's
 * (for sales, their own). Another company's carrier answers exactly like one that does not exist.
 */
export async function assertCarrierReachable(db: DriversDb, scope: Scope, carrierId: string | null | undefined) {
  if (!carrierId) return;
  if (!(await isWritable(db, scope, 'carriers', carrierId))) throw carrierNotFound();
}

/** Runs a write that names a carrier; a carrier deleted meanwhile answers as not found, not as a crash. */
export function withCarrierReference<T>(write: () => Promise<T>): Promise<T> {
  return mapPgErrors(write, { foreignKey: carrierNotFound() });
}
