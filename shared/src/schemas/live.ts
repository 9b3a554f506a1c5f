import { z } from 'zod';

/**
 * The one live channel of a signed-in tab (realtime.changes): every committed change to a table
 * the user may see, multiplexed on one subscription, and the state of the session.
 */

/** The observed tables (a trigger on each calls pg_notify), as Kysely names them. */
export const LIVE_TABLES = [
  'loads',
  'drivers',
  'brokers',
  'carriers',
  'wipAssignments',
  'messages',
  'notifications',
  'documents',
  'invoices',
] as const;
export type LiveTable = (typeof LIVE_TABLES)[number];

export const liveEvent = z.discriminatedUnion('type', [
  /**
   * The session: 'active' once the channel listens (first, and again after every reconnect, when
   * changes may have been missed); 'ended' when it ends anywhere (sign-out, revocation, expiry).
   */
  z.object({ type: z.literal('session'), state: z.enum(['active', 'ended']) }),
  /**
   * A committed change to a row the user may see: enough to patch a cached row (status) or to
   * re-read precisely what holds it (table and id). `mine`: the user made it themselves.
   */
  z.object({
    type: z.literal('change'),
    table: z.enum(LIVE_TABLES),
    op: z.enum(['INSERT', 'UPDATE', 'DELETE']),
    id: z.uuid(),
    /** The row's status after the change (loads, drivers, WIP requests), and before it on an update. */
    status: z.string().nullable(),
    previousStatus: z.string().nullable(),
    mine: z.boolean(),
  }),
  /** The server may have missed changes (its LISTEN connection was lost and is back): re-read everything. */
  z.object({ type: z.literal('resync') }),
]);
export type LiveEvent = z.infer<typeof liveEvent>;
export type LiveChange = Extract<LiveEvent, { type: 'change' }>;
