import { SIGNED_IN, type Persona } from '../../../support/personas.js';
import { endSession, type ProcedureRule } from '../authorization-matrix.js';

/**
 * Anyone signed in may open the subscription; what it then yields is filtered per row
 * (docs/permissions.md, "Live change notices"), which `liveNotices` below encodes.
 */
export const realtimeRules = {
  // Every subscriber hears their own session end, whatever else they may see.
  'realtime.changes': {
    type: 'subscription',
    allowed: SIGNED_IN,
    input: () => undefined,
    event: { cause: endSession, expected: { type: 'session', state: 'ended' } },
  },
} satisfies Record<string, ProcedureRule>;

/**
 * Committed changes a realtime test makes, named from the point of view of one company ("ours")
 * whose members subscribe, and another company ("foreign").
 */
export const LIVE_CHANGES = [
  /** A load of ours that no sales user is tied to. */
  'ourLoad',
  /** A load of ours whose sales user is our sales member. */
  'ourSalesLoad',
  /** A WIP request of our dispatcher. */
  'ourDispatcherWip',
  /** A WIP request of our sales member. */
  'ourSalesWip',
  'foreignLoad',
  'foreignWip',
] as const;
export type LiveChange = (typeof LIVE_CHANGES)[number];

/**
 * Which of those changes each subscriber is told about: company-wide for admins, dispatchers
 * and treasury (WIP only their own unless admin), only their own loads and WIP for sales,
 * nothing for a driver; a master admin (who belongs to a third company) every company's loads,
 * as their loads list reads them, and no other company's WIP requests, which they review only in their own.
 */
export const liveNotices: Record<Exclude<Persona, 'anonymous'>, readonly LiveChange[]> = {
  admin: ['ourLoad', 'ourSalesLoad', 'ourDispatcherWip', 'ourSalesWip'],
  dispatcher: ['ourLoad', 'ourSalesLoad', 'ourDispatcherWip'],
  sales: ['ourSalesLoad', 'ourSalesWip'],
  treasury: ['ourLoad', 'ourSalesLoad'],
  driver: [],
  masterAdmin: ['ourLoad', 'ourSalesLoad', 'foreignLoad'],
};
