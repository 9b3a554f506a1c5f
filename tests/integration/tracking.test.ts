import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import fc from 'fast-check';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { ETA_ASSUMED_MPH, TRACK_MAX_POINTS, TRACKING_LINKS_PER_LOAD_MAX, TRACKING_TEXTS } from '#shared/schemas/tracking.js';
import { redactUrl } from '../../server/src/app.js';
import { seedDemo } from '../../server/src/seed/demo-data.js';
import { DEMO_TRACKING_TOKEN } from '../../server/src/seed/demo-tracking.js';
import { shownPosition, TRACKING_VIEW_LIMIT } from '../../server/src/domains/tracking/view-tracking-link.js';
import { loadGazetteer } from '../../server/src/services/geo/gazetteer.js';
import { createDriver, createLoad, type TestCompany } from '../support/factories.js';
import { callerFor } from '../support/harness.js';
import { expectTrpcError, settle, uniqueIp, userFacingError } from '../support/http.js';
import { useTenants } from '../support/tenants.js';
import { createTrackingLink } from './security/matrix/tracking.js';

/**
 * Tracks and public tracking links (docs/fleet.md, "Tracks and tracking links"): a load's track
 * for whoever may see the load, bounded; links created, listed and revoked by dispatchers and
 * admins; the public page by token only, the same answer for expired, revoked and unknown.
 */
const tenants = useTenants();
const { as, anonymous } = tenants;

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

/** A driver of the company with a load in transit from Dallas, TX to Atlanta, GA, created `hoursAgo` hours ago. */
async function loadInTransit(company: TestCompany, options: { hoursAgo?: number; status?: 'in_transit' | 'delivered' } = {}) {
  const dispatcher = company.users.dispatcher;
  const driverId = await createDriver(tenants.services.db, dispatcher);
  const loadId = await createLoad(tenants.services.db, dispatcher, {
    driverId,
    status: options.status ?? 'in_transit',
    createdAt: ago((options.hoursAgo ?? 3) * HOUR),
  });
  return { driverId, loadId };
}

/** Positions of the driver (as the owner: only the driver's own account may report them through the app). */
async function addPositions(company: TestCompany, driverId: string, points: { at: Date; lat: number; lng: number }[]) {
  for (let start = 0; start < points.length; start += 1000) {
    await tenants.owner
      .insertInto('positions')
      .values(
        points.slice(start, start + 1000).map((point) => ({
          companyId: company.companyId,
          driverId,
          idempotencyKey: randomUUID(),
          recordedAt: point.at,
          lat: point.lat.toFixed(6),
          lng: point.lng.toFixed(6),
          accuracy: 10,
        })),
      )
      .execute();
  }
}

const trackingAudit = (loadId: string) =>
  tenants.owner
    .selectFrom('auditLogs')
    .select(['entityType', 'action', 'userId', 'changes'])
    .where('entityId', '=', loadId)
    .where(sql<boolean>`changes -> 'changed_fields' ? 'tracking_link'`)
    .orderBy('createdAt')
    .execute();

/** The tracking_link change of an audit entry (changes.changed_fields, camelCased on the way out like every column). */
const linkChange = (entry: { changes: unknown } | undefined) =>
  (entry?.changes as { changedFields?: { trackingLink?: unknown } } | undefined)?.changedFields?.trackingLink;

describe('tracking.loadTrack', () => {
  it("is the load's driver's positions from the load's start to now, in order, with the last one", async () => {
    const { driverId, loadId } = await loadInTransit(tenants.companyA);
    await addPositions(tenants.companyA, driverId, [
      // Before the load existed: another job, not this load's track.
      { at: ago(5 * HOUR), lat: 30, lng: -90 },
      { at: ago(2 * HOUR), lat: 32.8, lng: -96.8 },
      { at: ago(1 * HOUR), lat: 32.6, lng: -93.7 },
      { at: ago(10 * 60_000), lat: 32.4, lng: -90.2 },
    ]);
    const track = await (await as('dispatcher')).tracking.loadTrack({ loadId });
    expect(track.driverId).toBe(driverId);
    expect(track.totalPoints).toBe(3);
    expect(track.points.map((point) => [point.lat, point.lng])).toEqual([
      [32.8, -96.8],
      [32.6, -93.7],
      [32.4, -90.2],
    ]);
    expect(track.last).toEqual(track.points[2]);
  });

  it('ends at the delivery: positions after it are not part of the track', async () => {
    const { driverId, loadId } = await loadInTransit(tenants.companyA);
    await addPositions(tenants.companyA, driverId, [{ at: ago(2 * HOUR), lat: 33, lng: -95 }]);
    const dispatcher = await as('dispatcher');
    await dispatcher.loads.changeStatus({ id: loadId, status: 'delivered' });
    await addPositions(tenants.companyA, driverId, [{ at: new Date(Date.now() + 1000), lat: 34, lng: -84 }]);
    const track = await dispatcher.tracking.loadTrack({ loadId });
    expect(track.points.map((point) => point.lat)).toEqual([33]);
  });

  it('is empty for a load with no driver', async () => {
    const loadId = await createLoad(tenants.services.db, tenants.companyA.users.dispatcher);
    expect(await (await as('admin')).tracking.loadTrack({ loadId })).toMatchObject({
      driverId: null,
      points: [],
      totalPoints: 0,
      last: null,
    });
  });

  it(`is bounded: a long track is thinned in SQL to at most ${TRACK_MAX_POINTS} points, its first and last kept`, async () => {
    const { driverId, loadId } = await loadInTransit(tenants.companyA, { hoursAgo: 30 });
    const total = 4321;
    const first = Date.now() - 29 * HOUR;
    await addPositions(
      tenants.companyA,
      driverId,
      Array.from({ length: total }, (_, index) => ({ at: new Date(first + index * 20_000), lat: 30 + index / 10_000, lng: -95 })),
    );
    const track = await (await as('dispatcher')).tracking.loadTrack({ loadId });
    expect(track.totalPoints).toBe(total);
    expect(track.points.length).toBeLessThanOrEqual(TRACK_MAX_POINTS);
    expect(track.points.length).toBeGreaterThan(TRACK_MAX_POINTS / 2);
    expect(track.points[0]?.lat).toBe(30);
    expect(track.last?.lat).toBeCloseTo(30 + (total - 1) / 10_000, 6);
    const times = track.points.map((point) => Date.parse(point.recordedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("follows the loads' read rule: a sales user only for their own loads, another company's id like a missing one", async () => {
    const { loadId } = await loadInTransit(tenants.companyA);
    await expectTrpcError((await as('sales')).tracking.loadTrack({ loadId }), 'NOT_FOUND', 'Load not found');
    const foreign = await as('dispatcher', tenants.companyB);
    await expectTrpcError(foreign.tracking.loadTrack({ loadId }), 'NOT_FOUND', 'Load not found');
    await expectTrpcError(foreign.tracking.loadTrack({ loadId: randomUUID() }), 'NOT_FOUND', 'Load not found');
    // A master admin reads every company's loads, so their tracks too.
    await expect((await tenants.asMasterAdmin()).tracking.loadTrack({ loadId })).resolves.toMatchObject({ totalPoints: 0 });
  });
});

describe('tracking links', () => {
  it('a dispatcher creates one: the token once, the list with its expiry, an entry on the load’s audit trail', async () => {
    const { loadId } = await loadInTransit(tenants.companyA);
    const dispatcher = await as('dispatcher');
    const created = await dispatcher.tracking.createLink({ loadId, days: 3 });
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.path).toBe(`/track/${created.token}`);
    const days = (Date.parse(created.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.99);
    expect(days).toBeLessThanOrEqual(3);
    // The default is 7 days.
    const byDefault = await (await as('admin')).tracking.createLink({ loadId });
    expect((Date.parse(byDefault.expiresAt) - Date.now()) / 86_400_000).toBeGreaterThan(6.99);

    const { items } = await dispatcher.tracking.listLinks({ loadId });
    expect(items.map((item) => item.id)).toEqual([byDefault.id, created.id]);
    expect(items[1]).toMatchObject({ loadId, createdByName: expect.any(String) });
    expect(JSON.stringify(items)).not.toContain(created.token);

    // Stored hashed: the token is nowhere in the database.
    const stored = await tenants.owner.selectFrom('trackingLinks').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(created.token);

    const audit = await trackingAudit(loadId);
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ entityType: 'loads', action: 'updated', userId: tenants.companyA.users.dispatcher.userId });
    expect(linkChange(audit[0])).toMatchObject({ old: null, new: { id: created.id } });
    expect(JSON.stringify(audit)).not.toContain(stored.tokenHash);
  });

  it('opens signed out: company and its contact, load number, lane and its stops, status, last position and a straight-line ETA', async () => {
    const { driverId, loadId } = await loadInTransit(tenants.companyA);
    await tenants.owner
      .updateTable('companies')
      .set({ phone: '+1 555 010 2000', email: 'dispatch@tracking.test' })
      .where('id', '=', tenants.companyA.companyId)
      .execute();
    // Birmingham, AL: about 140 miles from Atlanta as the crow flies.
    await addPositions(tenants.companyA, driverId, [
      { at: ago(90 * 60_000), lat: 32.3, lng: -90.2 },
      { at: ago(5 * 60_000), lat: 33.5186, lng: -86.8104 },
    ]);
    const { token } = await (await as('dispatcher')).tracking.createLink({ loadId });
    const view = await (await anonymous()).tracking.view({ token });
    const load = await tenants.owner.selectFrom('loads').select(['loadNumber']).where('id', '=', loadId).executeTakeFirstOrThrow();
    const company = await tenants.owner
      .selectFrom('companies')
      .select('name')
      .where('id', '=', tenants.companyA.companyId)
      .executeTakeFirstOrThrow();
    expect(view).toMatchObject({
      companyName: company.name,
      loadNumber: load.loadNumber,
      origin: { city: 'Dallas', state: 'TX' },
      destination: { city: 'Atlanta', state: 'GA' },
      companyPhone: '+1 555 010 2000',
      companyEmail: 'dispatch@tracking.test',
      status: 'in_transit',
      positionPrecision: 'exact',
      // Places, not coordinates: named on the server (the visitor may not ask geo.describe).
      lastPosition: { lat: 33.5186, lng: -86.8104, place: 'Birmingham, AL' },
    });
    // The stops, located on the server for the page's map (a visitor may not ask geo.locate).
    const gazetteer = await loadGazetteer();
    expect(view.stops).toEqual([
      { kind: 'pickup', city: 'Dallas', state: 'TX', location: gazetteer.locate('Dallas', 'TX') },
      { kind: 'delivery', city: 'Atlanta', state: 'GA', location: gazetteer.locate('Atlanta', 'GA') },
    ]);
    expect(view.stops.every((stop) => stop.location !== null)).toBe(true);
    // In transit: the next stop is the delivery.
    expect(view.eta?.stop).toBe('delivery');
    expect(view.eta?.miles).toBeGreaterThan(120);
    expect(view.eta?.miles).toBeLessThan(160);
    expect(view.eta?.hours).toBeCloseTo((view.eta?.miles ?? 0) / ETA_ASSUMED_MPH, 1);
    // Only the page's fields: nothing else of the company, the driver or the load.
    expect(Object.keys(view).sort()).toEqual(
      [
        'companyEmail',
        'companyName',
        'companyPhone',
        'destination',
        'eta',
        'expiresAt',
        'lastPosition',
        'loadNumber',
        'origin',
        'positionPrecision',
        'status',
        'stops',
      ].sort(),
    );
    expect(JSON.stringify(view)).not.toContain(driverId);
  });

  it("a city-level link never answers the truck's coordinates: only the centre of the town it is near, named, with the ETA from there", async () => {
    const { driverId, loadId } = await loadInTransit(tenants.companyA);
    // A few miles west of Birmingham, AL, off any town's centre.
    const exact = { lat: 33.50813, lng: -86.95437 };
    await addPositions(tenants.companyA, driverId, [{ at: ago(12 * 60_000), ...exact }]);
    const dispatcher = await as('dispatcher');
    const created = await dispatcher.tracking.createLink({ loadId, positionPrecision: 'city' });
    expect(created.positionPrecision).toBe('city');
    expect((await dispatcher.tracking.listLinks({ loadId })).items[0]).toMatchObject({ id: created.id, positionPrecision: 'city' });
    const stored = await tenants.owner
      .selectFrom('trackingLinks')
      .select('positionPrecision')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(stored.positionPrecision).toBe('city');

    const view = await (await anonymous()).tracking.view({ token: created.token });
    expect(view.positionPrecision).toBe('city');
    const last = view.lastPosition;
    expect(last?.place).toMatch(/^Near [^,]+, AL$/);
    // The town's centre, as the gazetteer has it: nothing finer.
    const gazetteer = await loadGazetteer();
    const [, city, state] = /^Near (.+), ([A-Z]{2})$/.exec(last?.place ?? '') ?? [];
    expect({ lat: last?.lat, lng: last?.lng }).toEqual(gazetteer.locate(city ?? '', state ?? ''));
    expect(last?.lat).not.toBe(exact.lat);
    expect(last?.lng).not.toBe(exact.lng);
    // Not anywhere in the answer, in any form the database or the page could print it.
    const answer = JSON.stringify(view);
    for (const value of [exact.lat, exact.lng]) {
      for (const digits of [5, 4]) expect(answer).not.toContain(value.toFixed(digits));
    }
    // The ETA is measured from the town, to the delivery.
    expect(view.eta).toMatchObject({ stop: 'delivery' });
    expect(view.eta?.miles).toBeGreaterThan(120);
    expect(view.eta?.miles).toBeLessThan(170);

    // The same load's exact link shows the position itself.
    const exactLink = await dispatcher.tracking.createLink({ loadId });
    expect(exactLink.positionPrecision).toBe('exact');
    expect((await (await anonymous()).tracking.view({ token: exactLink.token })).lastPosition).toMatchObject(exact);
  });

  it('a city-level position far from any US town is shown on a coarse grid, unnamed', async () => {
    const gazetteer = await loadGazetteer();
    expect(shownPosition(gazetteer, { lat: 30.1234, lng: -140.3456 }, 'city')).toEqual({ lat: 30, lng: -140.5, place: null });
    expect(shownPosition(gazetteer, { lat: 30.1234, lng: -140.3456 }, 'exact')).toEqual({ lat: 30.1234, lng: -140.3456, place: null });
  });

  it("takes only 'exact' or 'city' for the truck's position", async () => {
    const { loadId } = await loadInTransit(tenants.companyA);
    const error = await settle((await as('dispatcher')).tracking.createLink({ loadId, positionPrecision: 'street' as never }));
    expect(error?.code).toBe('BAD_REQUEST');
    expect(error?.message).toContain("Show the truck's position must be exact or city only");
  });

  it('has no ETA once delivered, and no position before one was shared', async () => {
    const { loadId } = await loadInTransit(tenants.companyA);
    const dispatcher = await as('dispatcher');
    const { token } = await dispatcher.tracking.createLink({ loadId });
    expect(await (await anonymous()).tracking.view({ token })).toMatchObject({ lastPosition: null, eta: null });
    await dispatcher.loads.changeStatus({ id: loadId, status: 'delivered' });
    expect(await (await anonymous()).tracking.view({ token })).toMatchObject({ status: 'delivered', eta: null });
  });

  it('expired, revoked and unknown links answer alike, revealing nothing', async () => {
    const { loadId } = await loadInTransit(tenants.companyA);
    const expired = await createTrackingLink(tenants.services, tenants.companyA, loadId, { expiresInSeconds: -1 });
    const dispatcher = await as('dispatcher');
    const revoked = await dispatcher.tracking.createLink({ loadId });
    const visitor = await anonymous();
    await expect(visitor.tracking.view({ token: revoked.token })).resolves.toMatchObject({ loadNumber: expect.any(String) });

    await dispatcher.tracking.revokeLink({ id: revoked.id });
    for (const token of [expired.token, revoked.token, 'x'.repeat(43), 'not-a-token']) {
      const error = await expectTrpcError(visitor.tracking.view({ token }), 'NOT_FOUND', TRACKING_TEXTS.expired);
      expect(JSON.stringify(error)).not.toContain(loadId);
    }
    // Neither is listed any more; the revoke is on the load's audit trail.
    expect((await dispatcher.tracking.listLinks({ loadId })).items).toEqual([]);
    const audit = await trackingAudit(loadId);
    expect(linkChange(audit.at(-1))).toMatchObject({ old: { id: revoked.id }, new: null });
    // Revoking twice: it is gone.
    await expectTrpcError(dispatcher.tracking.revokeLink({ id: revoked.id }), 'NOT_FOUND', TRACKING_TEXTS.linkNotFound);
  });

  it("refuses another company's load and link with their real ids, exactly like missing ones", async () => {
    const { loadId } = await loadInTransit(tenants.companyA);
    const link = await createTrackingLink(tenants.services, tenants.companyA, loadId);
    const foreign = await as('dispatcher', tenants.companyB);
    for (const id of [loadId, randomUUID()]) {
      await expectTrpcError(foreign.tracking.createLink({ loadId: id }), 'NOT_FOUND', 'Load not found');
      await expectTrpcError(foreign.tracking.listLinks({ loadId: id }), 'NOT_FOUND', 'Load not found');
    }
    for (const id of [link.id, randomUUID()]) {
      await expectTrpcError(foreign.tracking.revokeLink({ id }), 'NOT_FOUND', TRACKING_TEXTS.linkNotFound);
    }
    // A master admin reads across companies but shares and revokes only in their own.
    const masterAdmin = await tenants.asMasterAdmin();
    await expectTrpcError(masterAdmin.tracking.createLink({ loadId }), 'NOT_FOUND', 'Load not found');
    await expectTrpcError(masterAdmin.tracking.revokeLink({ id: link.id }), 'NOT_FOUND', TRACKING_TEXTS.linkNotFound);
    // The link still works.
    await expect((await anonymous()).tracking.view({ token: link.token })).resolves.toMatchObject({ status: 'in_transit' });
  });

  it('is for admins and dispatchers only', async () => {
    const { loadId } = await loadInTransit(tenants.companyA);
    for (const persona of ['sales', 'treasury', 'driver'] as const) {
      await expectTrpcError((await as(persona)).tracking.createLink({ loadId }), 'FORBIDDEN');
    }
  });

  it(`keeps at most ${TRACKING_LINKS_PER_LOAD_MAX} active links per load, and takes only 1, 3, 7 or 30 days`, async () => {
    const { loadId } = await loadInTransit(tenants.companyA);
    const dispatcher = await as('dispatcher');
    const error = await settle(dispatcher.tracking.createLink({ loadId, days: 2 as never }));
    expect(error?.code).toBe('BAD_REQUEST');
    expect(error?.message).toContain('Expires in must be one of 1, 3, 7, 30 days');
    for (let index = 0; index < TRACKING_LINKS_PER_LOAD_MAX; index += 1) {
      await createTrackingLink(tenants.services, tenants.companyA, loadId);
    }
    // An expired one does not count.
    await createTrackingLink(tenants.services, tenants.companyA, loadId, { expiresInSeconds: -60 });
    await expectTrpcError(dispatcher.tracking.createLink({ loadId }), 'CONFLICT', TRACKING_TEXTS.tooMany);
    expect((await dispatcher.tracking.listLinks({ loadId })).items).toHaveLength(TRACKING_LINKS_PER_LOAD_MAX);
  });

  it('rate limits the public page per address, refused lookups counted too', async () => {
    const { loadId } = await loadInTransit(tenants.companyA);
    const link = await createTrackingLink(tenants.services, tenants.companyA, loadId);
    const visitor = await callerFor(tenants.services, null, uniqueIp());
    for (let index = 0; index < TRACKING_VIEW_LIMIT.limit; index += 1) {
      // Half of them guesses: they count as well.
      await settle(visitor.tracking.view({ token: index % 2 === 0 ? link.token : `guess-${index}` }));
    }
    await expectTrpcError(visitor.tracking.view({ token: link.token }), 'TOO_MANY_REQUESTS', TRACKING_TEXTS.rateLimited);
    // Another address still opens it.
    await expect((await anonymous()).tracking.view({ token: link.token })).resolves.toMatchObject({ status: 'in_transit' });
  });

  it("keeps a link's token out of the request logs", () => {
    expect(redactUrl('/track/AbC_123-xyz')).toBe('/track/[redacted]');
  });
});

describe('the demo workspace', () => {
  it('has a load in transit with an active tracking link and a track along its lane', async () => {
    await seedDemo(tenants.services.db, { onlyIfEmpty: false });
    const view = await (await anonymous()).tracking.view({ token: DEMO_TRACKING_TOKEN });
    expect(view).toMatchObject({ companyName: 'Summit Freight Lines', status: 'in_transit', lastPosition: expect.any(Object) });
    // The page's map and ETA (tests/e2e/tracking.spec.ts): both stops located, an ETA to the delivery, a named place.
    expect(view.stops.map((stop) => stop.location)).toEqual([expect.any(Object), expect.any(Object)]);
    expect(view.eta).toMatchObject({ stop: 'delivery' });
    expect(view.lastPosition?.place).toEqual(expect.any(String));
    const link = await tenants.owner
      .selectFrom('trackingLinks')
      .innerJoin('loads', 'loads.id', 'trackingLinks.loadId')
      .select(['loads.id', 'loads.companyId', 'loads.driverId'])
      .where('loads.loadNumber', '=', view.loadNumber)
      .executeTakeFirstOrThrow();
    const { rows } = await sql<{ points: number }>`
      select count(*)::int as points from loads l
      cross join lateral load_track_window(l.status, l.pickup_date, l.created_at, l.status_updated_at) w
      join positions p on p.company_id = l.company_id and p.driver_id = l.driver_id
        and p.recorded_at between w.starts_at and w.ends_at
      where l.id = ${link.id}`.execute(tenants.owner);
    expect(rows[0]?.points).toBeGreaterThanOrEqual(36);
    // Seeding again adds no second link.
    await seedDemo(tenants.services.db, { onlyIfEmpty: false });
    expect(await tenants.owner.selectFrom('trackingLinks').select('id').where('companyId', '=', link.companyId).execute()).toHaveLength(1);
  }, 180_000);
});

describe('arbitrary input', () => {
  const anyToken = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 }), fc.anything());
  const anyId = fc.oneof(fc.uuid(), fc.string(), fc.anything());
  const cases = {
    'tracking.view': fc.oneof(fc.record({ token: anyToken }), fc.anything()),
    'tracking.loadTrack': fc.oneof(fc.record({ loadId: anyId }), fc.anything()),
    'tracking.createLink': fc.oneof(
      fc.record({
        loadId: anyId,
        days: fc.oneof(fc.constantFrom(1, 3, 7, 30), fc.anything()),
        positionPrecision: fc.oneof(fc.constantFrom('exact', 'city'), fc.anything()),
      }),
      fc.anything(),
    ),
    'tracking.revokeLink': fc.oneof(fc.record({ id: anyId }), fc.anything()),
  } as const;
  it.each(Object.keys(cases) as (keyof typeof cases)[])('%s never answers INTERNAL_SERVER_ERROR; a refusal says why', async (path) => {
    await fc.assert(
      fc.asyncProperty(cases[path] as fc.Arbitrary<unknown>, async (input) => {
        const caller = path === 'tracking.view' ? await anonymous() : await as('dispatcher');
        const [router, procedure] = path.split('.') as ['tracking', 'view' | 'loadTrack' | 'createLink' | 'revokeLink'];
        try {
          await (caller[router][procedure] as (input: unknown) => Promise<unknown>)(input);
        } catch (error) {
          if (!(error instanceof TRPCError)) throw error;
          expect(['BAD_REQUEST', 'NOT_FOUND', 'TOO_MANY_REQUESTS', 'CONFLICT'], `${error.code}: ${error.message}`).toContain(error.code);
          if (error.code === 'BAD_REQUEST') expect(userFacingError(error, path).message).toMatch(/\S/);
        }
      }),
      { numRuns: 40, endOnFailure: true },
    );
  });

  it('many public reads at once all end, answered', async () => {
    const { loadId } = await loadInTransit(tenants.companyA);
    const link = await createTrackingLink(tenants.services, tenants.companyA, loadId);
    const results = await Promise.all(
      Array.from({ length: 30 }, async () => settle((await anonymous()).tracking.view({ token: link.token }))),
    );
    expect(results.filter((error) => error !== null && error.code !== 'SERVICE_UNAVAILABLE' && error.code !== 'TOO_MANY_REQUESTS')).toEqual(
      [],
    );
    expect(results.filter((error) => error === null).length).toBeGreaterThan(0);
  });
});
