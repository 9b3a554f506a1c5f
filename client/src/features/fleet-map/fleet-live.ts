import type { Query, QueryClient } from '@tanstack/react-query';
import { FLEET_DELTA_CHUNK, type FleetListInput, type FleetListOutput } from '#shared/schemas/fleet.js';
import type { LiveChangeItem } from '#shared/schemas/live.js';
import { trpcClient } from '../../lib/trpc';
import { fleetDeltaRequest, mergeFleet, withoutDrivers } from './fleet-delta';

/**
 * The fleet map live (issue 14): <LiveChannel /> (lib/use-live.ts) hands every burst of drivers
 * and loads changes here. An open fleet.list is not read again whole: the drivers the changes name
 * are read (fleet.changed) and merged into the cached list (fleet-delta.ts), one read at a time per
 * list; changes arriving meanwhile go into the next one. A deleted driver leaves at once. The list
 * is read whole only at first, on a resync or reconnect (use-live re-reads everything), every 90 s
 * (the spec's refresh), when more than FLEET_DELTA_FULL_READ_AT drivers and loads wait to be read,
 * and after a failed delta read. A read names at most FLEET_DELTA_CHUNK ids (within the URL's bound):
 * more are read in several calls, one after another, each merged as it lands.
 */

const FLEET_LIST_KEY = [['fleet', 'list']];
/** Past this many ids waiting, reading the whole list is cheaper than the deltas (20 calls of 100). */
export const FLEET_DELTA_FULL_READ_AT = 2_000;
/** A delta read that has not answered by then is given up (the list is then read whole): nothing waits forever. */
const DELTA_TIMEOUT_MS = 15_000;
/** While the list itself is being read, a delta waits for that answer (it may predate the change). */
const WAIT_FOR_READ_MS = 100;

interface Pending {
  driverIds: Set<string>;
  loadIds: Set<string>;
}
/** Per cached list (queryHash): what is still to read, and whether its reader is running. */
const pending = new Map<string, Pending>();
const draining = new Set<string>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function applyFleetChanges(client: QueryClient, changes: readonly LiveChangeItem[]): void {
  const relevant = changes.filter((change) => change.table === 'drivers' || change.table === 'loads');
  if (relevant.length === 0) return;
  for (const query of client.getQueryCache().findAll({ queryKey: FLEET_LIST_KEY })) {
    const data = query.state.data as FleetListOutput | undefined;
    if (query.getObserversCount() === 0) {
      // Not on screen: read whole when it is shown again.
      void client.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: 'none' });
      continue;
    }
    const request = fleetDeltaRequest(data, relevant);
    if (request.deleted.size > 0 && data)
      client.setQueryData<FleetListOutput>(query.queryKey, (list) => list && withoutDrivers(list, request.deleted));
    if (request.driverIds.size === 0 && request.loadIds.size === 0) continue;
    const entry = pending.get(query.queryHash) ?? { driverIds: new Set<string>(), loadIds: new Set<string>() };
    for (const id of request.driverIds) entry.driverIds.add(id);
    for (const id of request.loadIds) entry.loadIds.add(id);
    pending.set(query.queryHash, entry);
    void drain(client, query);
  }
}

/** Takes up to `max` ids out of `entry` (loads first: their drivers are answered with them). */
function takeChunk(entry: Pending, max: number): { driverIds: string[]; loadIds: string[] } {
  const loadIds = [...entry.loadIds].slice(0, max);
  for (const id of loadIds) entry.loadIds.delete(id);
  const driverIds = [...entry.driverIds].slice(0, max - loadIds.length);
  for (const id of driverIds) entry.driverIds.delete(id);
  return { driverIds, loadIds };
}

/** Reads and merges what is pending for one list until nothing is; one reader per list. */
async function drain(client: QueryClient, query: Query): Promise<void> {
  const hash = query.queryHash;
  if (draining.has(hash)) return;
  draining.add(hash);
  try {
    for (;;) {
      const entry = pending.get(hash);
      if (client.getQueryCache().get(hash) !== query) {
        // The list left the cache: nothing to merge into.
        pending.delete(hash);
        break;
      }
      if (!entry || (entry.driverIds.size === 0 && entry.loadIds.size === 0)) break;
      if (query.state.fetchStatus === 'fetching') {
        await sleep(WAIT_FOR_READ_MS);
        continue;
      }
      if (query.state.data === undefined) {
        pending.delete(hash);
        break;
      }
      if (entry.driverIds.size + entry.loadIds.size > FLEET_DELTA_FULL_READ_AT) {
        // Too many at once: the whole list is the cheaper read.
        pending.delete(hash);
        void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
        break;
      }
      const chunk = takeChunk(entry, FLEET_DELTA_CHUNK);
      const search = (query.queryKey[1] as { input?: FleetListInput } | undefined)?.input?.search;
      try {
        const delta = await trpcClient.fleet.changed.query({ ...chunk, search }, { signal: AbortSignal.timeout(DELTA_TIMEOUT_MS) });
        client.setQueryData<FleetListOutput>(query.queryKey, (list) => list && mergeFleet(list, delta));
      } catch {
        pending.delete(hash);
        void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
        break;
      }
    }
  } finally {
    draining.delete(hash);
    // Changes that arrived after the loop decided to stop.
    const left = pending.get(hash);
    if (left && (left.driverIds.size > 0 || left.loadIds.size > 0) && client.getQueryCache().get(hash) === query) void drain(client, query);
  }
}
