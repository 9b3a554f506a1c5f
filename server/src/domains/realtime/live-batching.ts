import type { LiveChangeItem } from '#shared/schemas/live.js';
import type { RealtimeEvent } from '../../services/realtime/bus.js';
import type { LiveLookups } from './live-lookups.js';
import { toLiveChange } from './live-audience.js';
import { NO_USER, type LiveMembership, type PortalGroup, type StaffGroup, type Subscriber } from './live-membership.js';

/**
 * Who may hear of the notices of one window (live-hub.ts), decided per group, not per subscriber.
 *
 * - **Per staff group.** Each notice is checked once per group (live-membership.ts) against the
 *   group's audience rule.
 * - **Per person, only when named.** What depends on the person (their messages and
 *   notifications, a sales user's own loads, a document they uploaded) is checked only for the
 *   subscribers the notice names, once per person whatever their number of tabs.
 * - **Per portal group.** A driver's group is their driver record (their loads and their own
 *   row), a carrier user's their carrier (its drivers, their loads and the carrier's own); a
 *   carrier group asks the database once per batch which of the rows it names are the carrier's.
 *
 * What passes becomes a Batch: one item per row (table, id), in commit order, serialised once,
 * so live-delivery.ts only puts texts together.
 */

/** A batch of changes of one group (or one person), serialised once. */
export interface Batch {
  items: LiveChangeItem[];
  actors: (string | null)[];
  /** The users who made a change of it: only their frames differ (`mine`). */
  actorSet: Set<string>;
  /** Each item's place in the window (its first notice), so parts of a frame keep commit order. */
  orders: number[];
  itemJson: string[];
  json: string;
  serial: number;
  /** The frame of this batch alone, for someone who made none of its changes, by subscription envelope (built once). */
  frames: Map<string, Buffer>;
}

/** The window's notices, authorized: each group's batch is set on the group until it is delivered. */
export interface AuthorizedWindow {
  /** Staff groups that were looked at (their batch may be null). */
  groups: Set<StaffGroup>;
  /** Portal groups of the companies the notices are of (their batch may be null). */
  portals: PortalGroup[];
  /** Subscribers named by a notice their group did not pass, and told of one: their person key. */
  named: Map<Subscriber, string>;
  /** The batch of what only this subscriber's person hears of, if any. */
  ownOf(subscriber: Subscriber): Batch | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * Driver pay (issue 30, docs/settlements.md): a portal account hears of a settlement once it is
 * approved (or paid, or an approved one is told as it was): a driver of their own, a carrier's user
 * of the carrier's owner-operators'. A draft is treasury's business.
 */
function settlementOf(event: RealtimeEvent, kind: 'driver' | 'carrier', ownerId: string): boolean {
  const shown = event.status === 'approved' || event.status === 'paid';
  if (!shown) return false;
  return kind === 'driver' ? event.driverId === ownerId : event.carrierId === ownerId && event.driverType === 'owner_operator';
}

export class LiveBatching {
  /** The place of each notice of the window being authorized. */
  private order = new Map<RealtimeEvent, number>();
  private serial = 0;

  constructor(
    private readonly members: LiveMembership,
    private readonly lookups: LiveLookups,
    private readonly log: (message: string) => void,
  ) {}

  async authorize(events: RealtimeEvent[]): Promise<AuthorizedWindow> {
    this.order = new Map(events.map((event, index) => [event, index]));
    const byCompany = new Map<string, RealtimeEvent[]>();
    for (const event of events) {
      if (typeof event.companyId === 'string') indexPush(byCompany, event.companyId, event);
    }

    // 1. Once per staff group: the changes its rule lets everyone of it hear of.
    const groups = new Set<StaffGroup>(this.members.masterGroups);
    for (const companyId of byCompany.keys()) for (const group of this.members.staffByCompany.get(companyId) ?? []) groups.add(group);
    for (const group of groups) {
      group.passed = new Set();
      const chosen: RealtimeEvent[] = [];
      for (const event of group.masterAdmin ? events : (byCompany.get(group.companyId) ?? [])) {
        if (toLiveChange(group.audience, NO_USER, event)) {
          chosen.push(event);
          group.passed.add(event);
        }
      }
      group.batch = this.batchOf(chosen);
    }

    // 2. What depends on the person: only for the people a notice names, when their group did not
    //    pass it; decided once per person (user and group), whatever their number of tabs.
    const named = new Map<Subscriber, string>();
    const decided = new Map<string, Map<RealtimeEvent, boolean>>();
    const personal = new Map<string, RealtimeEvent[]>();
    for (const event of events) {
      for (const [field, value] of Object.entries(event)) {
        if (field === 'id' || field === 'companyId' || field === 'actorId' || typeof value !== 'string') continue;
        for (const subscriber of this.members.byUser.get(value) ?? []) {
          if (subscriber.group.passed.has(event)) continue;
          const { person } = subscriber;
          let seen = decided.get(person);
          if (!seen) {
            seen = new Map();
            decided.set(person, seen);
          }
          let told = seen.get(event);
          if (told === undefined) {
            told = toLiveChange(subscriber.audience, subscriber.userId, event) !== null;
            seen.set(event, told);
            // Events are walked in commit order, so each person's list is in commit order.
            if (told) indexPush(personal, person, event);
          }
          if (told) named.set(subscriber, person);
        }
      }
    }
    const ownBatches = new Map<string, Batch | null>();
    for (const [person, chosen] of personal) ownBatches.set(person, this.batchOf(chosen));
    const ownOf = (subscriber: Subscriber) => {
      const person = named.get(subscriber);
      return person === undefined ? null : (ownBatches.get(person) ?? null);
    };

    // 3. Drivers and carrier users: their own records.
    const portals: PortalGroup[] = [];
    for (const companyId of byCompany.keys()) for (const group of this.members.portalByCompany.get(companyId) ?? []) portals.push(group);
    await Promise.all(portals.map((group) => this.portalBatch(group, byCompany.get(group.companyId) ?? [])));

    return { groups, portals, named, ownOf };
  }

  /** A driver's loads (assigned to them now, or until this batch) and own row; a carrier's drivers, their loads and the carrier. */
  private async portalBatch(group: PortalGroup, events: RealtimeEvent[]): Promise<void> {
    group.batch = null;
    const relevant = events.filter(
      (event) => event.table === 'loads' || event.table === 'drivers' || event.table === 'carriers' || event.table === 'settlements',
    );
    if (relevant.length === 0) return;
    const anyMember = group.members.values().next().value;
    if (!anyMember) return;
    if (group.stale) await this.members.reload(group, anyMember.userId);
    const chosen: RealtimeEvent[] = [];
    if (group.kind === 'driver') {
      for (const event of relevant) {
        const id = String(event.id);
        if (event.table === 'drivers' && id === group.ownerId) chosen.push(event);
        if (event.table === 'settlements' && settlementOf(event, 'driver', group.ownerId)) chosen.push(event);
        if (event.table !== 'loads') continue;
        const theirs = event.op !== 'DELETE' && event.driverId === group.ownerId;
        if (theirs || group.loads.has(id)) chosen.push(event);
        if (theirs) group.loads.add(id);
        else group.loads.delete(id);
      }
    } else {
      const ids = [
        ...new Set(
          relevant
            .filter((event) => event.table !== 'carriers' && event.table !== 'settlements' && event.op !== 'DELETE')
            .map((event) => String(event.id)),
        ),
      ];
      let now: { drivers: Set<string>; loads: Set<string> } = { drivers: new Set(), loads: new Set() };
      if (ids.length > 0) {
        try {
          now = await this.lookups.carrierRows(group.companyId, anyMember.userId, group.ownerId, ids);
        } catch (error) {
          this.log(`live: could not read the rows of carrier ${group.ownerId}: ${(error as Error).message}`);
          group.stale = true;
        }
      }
      for (const event of relevant) {
        const id = String(event.id);
        if (event.table === 'settlements') {
          if (settlementOf(event, 'carrier', group.ownerId)) chosen.push(event);
          continue;
        }
        if (event.table === 'carriers') {
          if (id === group.ownerId) chosen.push(event);
          continue;
        }
        const known = event.table === 'loads' ? group.loads : group.drivers;
        const theirs = (event.table === 'loads' ? now.loads : now.drivers).has(id);
        if (theirs || known.has(id)) chosen.push(event);
        if (theirs) known.add(id);
        else known.delete(id);
      }
    }
    group.batch = this.batchOf(chosen);
  }

  /** The notices as one item per row, in order of first appearance, serialised once. */
  private batchOf(events: RealtimeEvent[]): Batch | null {
    if (events.length === 0) return null;
    const rows = new Map<string, { item: LiveChangeItem; actor: string | null; order: number }>();
    for (const event of events) {
      const op = event.op as LiveChangeItem['op'];
      const key = `${event.table}:${String(event.id)}`;
      const actor = text(event.actorId);
      const seen = rows.get(key);
      if (!seen) {
        rows.set(key, {
          item: {
            table: event.table as LiveChangeItem['table'],
            op,
            id: String(event.id),
            status: text(event.status),
            previousStatus: text(event.oldStatus),
          },
          actor,
          order: this.order.get(event) ?? 0,
        });
        continue;
      }
      // A row changed again in the same window: the op that sums it up, its latest status, the status before the first change.
      seen.item.op = op === 'DELETE' ? 'DELETE' : seen.item.op === 'INSERT' ? 'INSERT' : op;
      seen.item.status = text(event.status);
      if (seen.item.op === 'INSERT') seen.item.previousStatus = null;
      if (seen.actor !== actor) seen.actor = null;
    }
    const items = [...rows.values()].map((row) => row.item);
    const itemJson = items.map((item) => JSON.stringify(item));
    return {
      items,
      actors: [...rows.values()].map((row) => row.actor),
      actorSet: new Set([...rows.values()].flatMap((row) => (row.actor === null ? [] : [row.actor]))),
      orders: [...rows.values()].map((row) => row.order),
      itemJson,
      json: itemJson.join(','),
      serial: ++this.serial,
      frames: new Map(),
    };
  }
}

function indexPush<K, V>(index: Map<K, V[]>, key: K, value: V): void {
  const list = index.get(key);
  if (list) list.push(value);
  else index.set(key, [value]);
}
