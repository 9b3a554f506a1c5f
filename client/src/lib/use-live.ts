import { useEffect, useRef } from 'react';
import type { Query, QueryClient } from '@tanstack/react-query';
import { expandLiveEvent, type LiveChange, type LiveFeedItem, type LiveFrame, type LiveTable } from '#shared/schemas/live.js';
import { queryClient, sessionLost, trpc } from './trpc';

/**
 * The one live channel of a signed-in tab: one subscription (realtime.changes, server side in
 * server/src/domains/realtime/) opened by <LiveChannel />, mounted once in the authed layout.
 * Screens do not subscribe: each change patches or re-reads exactly the cached queries that hold
 * the changed table's rows, by the rules below, so a screen is live as soon as it reads through
 * an ordinary query. A new table: add it to LIVE_RULES.
 */

/**
 * Per table, the queries (tRPC paths) that hold its rows by id (lists, one record, pick lists)
 * and those that count or summarise them.
 */
export const LIVE_RULES: Record<LiveTable, { rows: readonly string[]; counts: readonly string[] }> = {
  // The fleet map's list (fleet.list) follows loads and drivers by its own delta read (applyFleetChanges);
  // its side panel (fleet.driver) holds the selected driver's current load. The portals hold a driver's or a
  // carrier's loads with their figures: drivers and carrier users hear of exactly those loads.
  loads: {
    rows: ['loads.list', 'loads.get'],
    counts: [
      'dashboard.summary',
      'team.adminStats',
      'dashboard.sales',
      'dashboard.dispatch',
      'fleet.driver',
      'portal.driver',
      'portal.carrier',
      // A load's track ends when it is delivered or cancelled.
      'tracking.loadTrack',
    ],
  },
  // A driver's reported position moves their row of the fleet map (positions.report updates drivers;
  // fleet.list by applyFleetChanges), and the open Map tab's track of that driver's load
  // (tracking.loadTrack holds the driver's id).
  drivers: {
    rows: ['drivers.list', 'drivers.get', 'drivers.location', 'loads.formOptions'],
    counts: [
      'dashboard.summary',
      'team.adminStats',
      'dashboard.sales',
      'dashboard.dispatch',
      'portal.driver',
      'portal.carrier',
      'tracking.loadTrack',
    ],
  },
  brokers: { rows: ['brokers.list', 'brokers.get', 'loads.formOptions'], counts: ['dashboard.summary'] },
  carriers: {
    rows: ['carriers.list', 'carriers.get', 'carriers.options', 'loads.formOptions'],
    counts: ['dashboard.sales', 'portal.carrier'],
  },
  wipAssignments: { rows: ['wip.list'], counts: ['dashboard.dispatch'] },
  // An open thread (messages.get) is re-read on any new message: a reply may belong to it.
  messages: { rows: ['messages.inbox', 'messages.sent'], counts: ['messages.unreadCount', 'messages.get'] },
  // A driver is notified of their loads' assignment and status changes: the driver portal re-reads with them.
  notifications: { rows: ['notifications.list'], counts: ['notifications.unreadCount', 'portal.driver'] },
  // A load's Documents tab (documents.forLoad) carries its count with its rows.
  documents: { rows: ['documents.list', 'documents.forLoad'], counts: [] },
  // The treasury dashboard sums every invoice; the form's loads drop one once it is invoiced.
  invoices: { rows: ['invoices.list', 'invoices.get'], counts: ['invoices.treasuryDashboard', 'invoices.formOptions'] },
  // Issue 30: a week's settlements; the periods sum them, a driver's portal shows their settled pay.
  settlements: {
    rows: ['settlements.listSettlements', 'settlements.getSettlement', 'portal.statements'],
    counts: ['settlements.listPeriods', 'portal.driver'],
  },
  // Issue 31: equipment. A truck's driver changes with its assignments; the load form offers trucks and trailers.
  trucks: { rows: ['trucks.list', 'trucks.get', 'loads.formOptions'], counts: [] },
  trailers: { rows: ['trailers.list', 'trailers.get', 'loads.formOptions'], counts: [] },
  truckAssignments: { rows: ['trucks.assignments'], counts: ['trucks.list', 'trucks.get', 'loads.formOptions'] },
};

/** The fleet map's list: live by its own delta read (applyFleetChanges), not by LIVE_RULES. */
const FLEET_LIST_KEY = [['fleet', 'list']];

/** Changes arriving together (a burst, a bulk change, the server's batches of one window) are applied together. */
const BATCH_MS = 100;
/**
 * A change the signed-in user made (`mine`) counts as this tab's own only while one of its
 * mutations is in flight or settled this recently; the same user in another tab is someone else here.
 */
const OWN_CHANGE_WINDOW_MS = 3_000;

const pathOf = (query: Query) => (Array.isArray(query.queryKey[0]) ? query.queryKey[0].join('.') : '');
const inputOf = (query: Query) => (query.queryKey[1] as { input?: Record<string, unknown> } | undefined)?.input;
const holds = (query: Query, id: string) => query.state.data !== undefined && JSON.stringify(query.state.data).includes(id);

type Row = { id?: unknown; status?: unknown };

/** The cached data with the row `id` changed by `patch` (or dropped when it answers null): lists, pages of lists, one record. */
function patchRows(data: unknown, id: string, patch: (row: Row) => Row | null): unknown {
  if (Array.isArray(data)) {
    return data.flatMap((row: Row) => (row?.id === id ? (patch(row) ?? []) : [row]));
  }
  if (data && typeof data === 'object') {
    const record = data as Row & { pages?: unknown[]; items?: unknown[] };
    if (Array.isArray(record.pages)) return { ...record, pages: record.pages.map((page) => patchRows(page, id, patch)) };
    if (Array.isArray(record.items)) return { ...record, items: patchRows(record.items, id, patch) };
    if (record.id === id) return patch(record) ?? record;
  }
  return data;
}

/**
 * Applies a batch of changes to the cache: a deleted row leaves every cached list at once, a new
 * status shows at once, and only the queries that hold the row (or count the table, or filter on
 * the status that changed) are re-read. The user's own changes were already re-read by the
 * mutation that made them: a query read since then, or being read, is left alone.
 */
function applyChanges(client: QueryClient, changes: LiveChange[], ownChangesReadAt: number) {
  const reread = new Map<Query, { onlyMine: boolean }>();
  const mark = (query: Query, change: LiveChange) => reread.set(query, { onlyMine: (reread.get(query)?.onlyMine ?? true) && change.mine });
  for (const change of changes) {
    const rule = LIVE_RULES[change.table];
    const statusChanged = change.op === 'UPDATE' && change.status !== change.previousStatus;
    for (const query of client.getQueryCache().getAll()) {
      const path = pathOf(query);
      const input = inputOf(query);
      if (rule.rows.includes(path)) {
        if (change.op === 'DELETE' && !input?.id) {
          client.setQueryData(query.queryKey, (data: unknown) => patchRows(data, change.id, () => null));
        } else if (change.op === 'INSERT') {
          if (!input?.id) mark(query, change);
        } else if (holds(query, change.id)) {
          if (statusChanged)
            client.setQueryData(query.queryKey, (data: unknown) =>
              patchRows(data, change.id, (row) => ({ ...row, status: change.status })),
            );
          mark(query, change);
        } else if (statusChanged && typeof input?.status === 'string' && input.status !== 'all') {
          mark(query, change);
        }
      } else if (rule.counts.includes(path) && (change.op !== 'UPDATE' || statusChanged || holds(query, change.id))) {
        mark(query, change);
      }
    }
  }
  for (const [query, { onlyMine }] of reread) {
    if (onlyMine && (query.state.fetchStatus === 'fetching' || query.state.dataUpdatedAt >= ownChangesReadAt)) continue;
    void client.invalidateQueries({ queryKey: query.queryKey, exact: true }, { cancelRefetch: !onlyMine });
  }
}

/**
 * The tab's one live subscription. Mount once, inside the signed-in layout. A session that
 * ends anywhere is handled in one place (sessionLost, lib/trpc.ts); after a reconnect or a
 * resync (changes may have been missed) every query is re-read.
 */
export function LiveChannel(): null {
  const pending = useRef<LiveChange[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const listening = useRef(false);
  /** When this tab's last own change had been re-read by its mutation (after its commit). */
  const ownChangesReadAt = useRef(0);
  /** When this tab's last mutation settled: a change by the same user with none in flight or just settled came from another tab. */
  const lastMutationSettledAt = useRef(0);

  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') ownChangesReadAt.current = Date.now();
        if (event.type === 'updated' && event.action.type !== 'pending') lastMutationSettledAt.current = Date.now();
      }),
    [],
  );
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const flush = () => {
    timer.current = null;
    // The tab's own change may still be on its way back: apply once its mutation has settled.
    if (queryClient.isMutating() > 0 && pending.current.some((change) => change.mine)) {
      timer.current = setTimeout(flush, BATCH_MS);
      return;
    }
    const changes = pending.current;
    pending.current = [];
    applyChanges(queryClient, changes, ownChangesReadAt.current);
    // An open fleet map reads only the drivers these changes name (features/fleet-map/fleet-live.ts,
    // loaded with the fleet map's screen: the layout does not carry it).
    if (
      changes.some((change) => change.table === 'drivers' || change.table === 'loads') &&
      queryClient.getQueryCache().find({ queryKey: FLEET_LIST_KEY, exact: false })
    )
      void import('../features/fleet-map/fleet-live').then(({ applyFleetChanges }) => applyFleetChanges(queryClient, changes));
  };

  const onItem = (event: LiveFeedItem) => {
    if (event.type === 'change') {
      const fromThisTab = event.mine && (queryClient.isMutating() > 0 || Date.now() - lastMutationSettledAt.current < OWN_CHANGE_WINDOW_MS);
      pending.current.push({ ...event, mine: fromThisTab });
      timer.current ??= setTimeout(flush, BATCH_MS);
    } else if (event.type === 'resync') {
      void queryClient.invalidateQueries();
    } else if (event.state === 'ended') {
      sessionLost.handler();
    } else {
      // 'active' again: the channel reconnected, and changes may have been missed meanwhile.
      if (listening.current) void queryClient.invalidateQueries();
      listening.current = true;
    }
  };

  // The server batches the changes of a short window into one frame (server/src/domains/realtime/live-hub.ts).
  const onEvent = (event: LiveFrame) => {
    for (const item of expandLiveEvent(event)) onItem(item);
  };

  trpc.realtime.changes.useSubscription(undefined, {
    onData: onEvent,
    onError: (error) => {
      if (error.data?.code === 'UNAUTHORIZED') sessionLost.handler();
    },
  });
  return null;
}
