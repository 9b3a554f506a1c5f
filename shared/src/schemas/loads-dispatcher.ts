import type { StaffRole } from '../constants.js';
import { optionalId } from './fields.js';

/**
 * A load's dispatcher (issue 26, item 2): a member of the company whose role dispatches, an admin
 * or a dispatcher. A new load gets its creator when they are one (an admin creating a load
 * dispatches it until someone else is chosen), none otherwise; the load form, and the board's bulk
 * "Assign dispatcher", choose another. Anyone else, another company's user included, is refused
 * beside the field as "Dispatcher not found".
 */
export const DISPATCHER_ROLES = ['admin', 'dispatcher'] as const satisfies readonly StaffRole[];

export const DISPATCHER_TEXTS = {
  label: 'Dispatcher',
  none: 'No dispatcher',
  notFound: 'Dispatcher not found',
  mine: 'Mine',
  former: 'Former user',
} as const;

/** The form field: a member's id, or '' / null for none; left out, it stays as it is (on create: the creator, when they dispatch). */
export const dispatcherField = () => optionalId('Dispatcher');

/** A pick list of dispatchers holds at most this many (by name). */
export const DISPATCHER_CHOICES_LIMIT = 500;
