import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { mapPgErrors } from '../../db/pg-errors.js';
import { AppError } from '../../errors.js';
import { findCarrier } from '../carriers/carriers.repository.js';
import { type RecordScope } from './record-scope.js';

const carrierNotFound = () => new AppError('NOT_FOUND', 'Carrier not found', { field: 'carrierId' });

/**
 * A driver may only be linked to a carrier the user could open themselves: their company's
 * (for sales, their own). Another company's carrier answers exactly like one that does not exist.
 */
export async function assertCarrierReachable(db: Kysely<Database>, scope: RecordScope, carrierId: string | null | undefined) {
  if (!carrierId) return;
  if (!(await findCarrier(db, scope, carrierId))) throw carrierNotFound();
}

/** Runs a write that names a carrier; a carrier deleted meanwhile answers as not found, not as a crash. */
export function withCarrierReference<T>(write: () => Promise<T>): Promise<T> {
  return mapPgErrors(write, { foreignKey: carrierNotFound() });
}
