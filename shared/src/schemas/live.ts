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
  'settlements',
  'trucks',
  'trailers',
  'truckAssignments',
] as const;
export type LiveTable = (typeof LIVE_TABLES)[number];

/**
 * A committed change to a row the user may see: enough to patch a cached row (status) or to
 * re-read precisely what holds it (table and id). Several changes of one row within a batch are
 * one item: the op that sums them up (a row created then changed is an INSERT, anything then
 * deleted a DELETE), its latest status and the status before the first of them.
 */
export const liveChangeItem = z.object({
  table: z.enum(LIVE_TABLES),
  op: z.enum(['INSERT', 'UPDATE', 'DELETE']),
  id: z.uuid(),
  /** The row's status after the change (loads, drivers, WIP requests), and before it on an update. */
  status: z.string().nullable(),
  previousStatus: z.string().nullable(),
});
export type LiveChangeItem = z.infer<typeof liveChangeItem>;

/** What the channel sends: one frame. */
export const liveFrame = z.discriminatedUnion('type', [
  /**
   * The session: 'active' once the channel listens (first, and again after every reconnect, when
   * changes may have been missed); 'ended' when it ends anywhere (sign-out, revocation, expiry).
   */
  z.object({ type: z.literal('session'), state: z.enum(['active', 'ended']) }),
  /**
   * The changes of one short window (server/src/domains/realtime/live-hub.ts), in the order they
   * committed, one item per row. `mine`: the positions of the items the user made themselves.
   */
  z.object({ type: z.literal('changes'), changes: z.array(liveChangeItem), mine: z.array(z.number().int().nonnegative()) }),
  /** The server may have missed changes (its LISTEN connection was lost and is back, or this tab fell behind): re-read everything. */
  z.object({ type: z.literal('resync') }),
]);
export type LiveFrame = z.infer<typeof liveFrame>;

/** One change as a tab handles it: an item of a batch, with whether the user made it. */
export type LiveChange = LiveChangeItem & { type: 'change'; mine: boolean };
/** What the channel tells, one thing at a time: a batch taken apart into its changes. */
export type LiveEvent = Exclude<LiveFrame, { type: 'changes' }> | LiveChange;
export type LiveFeedItem = LiveEvent;

/** A frame as the events it holds: a batch as its changes, in order; any other frame as it is. */
export function expandLiveEvent(event: LiveFrame): LiveEvent[] {
  if (event.type !== 'changes') return [event];
  const mine = new Set(event.mine);
  return event.changes.map((change, index) => ({ ...change, type: 'change', mine: mine.has(index) }));
}
