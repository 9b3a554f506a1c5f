import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POSITION_BATCH_MAX, POSITION_TEXTS } from '#shared/schemas/positions.js';
import { settle } from '../support/http.js';
import { useTenants } from '../support/tenants.js';
import { linkDriverAccount } from './security/matrix/portal.js';

/** positions.report: a driver's own batches, validated, idempotent, refused without consent. */
const tenants = useTenants();
const { as } = tenants;

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const position = (minutesAgo: number, lat = 32.7767, lng = -96.797) => ({
  idempotencyKey: randomUUID(),
  recordedAt: at(minutesAgo),
  lat,
  lng,
  accuracy: 10,
});

const storedFor = (driverId: string) =>
  tenants.owner.selectFrom('positions').selectAll().where('driverId', '=', driverId).orderBy('recordedAt').execute();
const driverRow = (driverId: string) =>
  tenants.owner
    .selectFrom('drivers')
    .select(['currentLocationLat', 'currentLocationLng', 'lastLocationUpdate'])
    .where('id', '=', driverId)
    .executeTakeFirstOrThrow();

describe('positions.report', () => {
  it('stores a batch and moves the driver to its newest position, in one call', async () => {
    const driverId = await linkDriverAccount(tenants.services, tenants.companyA);
    const driver = await as('driver');
    const batch = [position(3, 33.1, -97.1), position(1, 33.3, -97.3), position(2, 33.2, -97.2)];
    const result = await driver.positions.report({ positions: batch });
    expect(result).toMatchObject({ stored: 3, duplicates: 0, latest: { lat: 33.3, lng: -97.3 } });
    expect((await storedFor(driverId)).map((row) => Number(row.lat))).toEqual([33.1, 33.2, 33.3]);
    const row = await driverRow(driverId);
    expect(Number(row.currentLocationLat)).toBe(33.3);
    expect(new Date(row.lastLocationUpdate).toISOString()).toBe(batch[1]?.recordedAt);
  });

  it('leaves no audit entry per report (the positions are the record); other changes of the driver are still audited', async () => {
    const driverId = await linkDriverAccount(tenants.services, tenants.companyA);
    const audited = () =>
      tenants.owner
        .selectFrom('auditLogs')
        .select('changes')
        .where('entityType', '=', 'drivers')
        .where('entityId', '=', driverId)
        .where('action', '=', 'updated')
        .execute();
    const before = (await audited()).length;
    const driver = await as('driver');
    await driver.positions.report({ positions: [position(2, 34.1, -98.1)] });
    await driver.positions.report({ positions: [position(1, 34.2, -98.2)] });
    expect(await audited()).toHaveLength(before);
    await tenants.owner.updateTable('drivers').set({ phone: '+15550001234' }).where('id', '=', driverId).execute();
    const after = await audited();
    expect(after).toHaveLength(before + 1);
    expect(after.map((entry) => Object.keys((entry.changes as { changedFields: object }).changedFields))).toContainEqual(['phone']);
  });

  it('is idempotent: the same batch sent again stores nothing twice, and late positions do not move the driver back', async () => {
    const driverId = await linkDriverAccount(tenants.services, tenants.companyA);
    const driver = await as('driver');
    const batch = [position(1, 40, -100)];
    await driver.positions.report({ positions: batch });
    const again = await driver.positions.report({ positions: [...batch, batch[0] as (typeof batch)[0]] });
    expect(again).toMatchObject({ stored: 0, duplicates: 1 });
    // A position queued offline an hour ago arrives now: stored, but the latest stays.
    const late = await driver.positions.report({ positions: [position(60, 41, -101)] });
    expect(late).toMatchObject({ stored: 1, latest: { lat: 40, lng: -100 } });
    expect(await storedFor(driverId)).toHaveLength(2);
  });

  it('keys a position by its idempotency key with its time (the partitioned table’s key): a retry carries both, so it is stored once', async () => {
    const driverId = await linkDriverAccount(tenants.services, tenants.companyA);
    const driver = await as('driver');
    const sent = position(5, 36, -97);
    // A batch of 100 with the same position repeated and retried: one row.
    const batch = Array.from({ length: POSITION_BATCH_MAX }, (_, index) => (index % 2 ? sent : position(4 + index / 1000, 36, -97)));
    const first = await driver.positions.report({ positions: batch });
    expect(first).toMatchObject({ stored: 51, duplicates: 0 });
    expect(await driver.positions.report({ positions: batch })).toMatchObject({ stored: 0, duplicates: 51 });
    // Only a client that reuses a key for another time (never the portal: the key is made with the position) gets a second row.
    expect(await driver.positions.report({ positions: [{ ...sent, recordedAt: at(6) }] })).toMatchObject({ stored: 1 });
    expect(await storedFor(driverId)).toHaveLength(52);
  });

  it('refuses every position while consent is off, and stores none', async () => {
    const driverId = await linkDriverAccount(tenants.services, tenants.companyA, { consent: false });
    const driver = await as('driver');
    const error = await settle(driver.positions.report({ positions: [position(1)] }));
    expect({ code: error?.code, message: error?.message }).toEqual({ code: 'FORBIDDEN', message: POSITION_TEXTS.consentOff });
    expect(await storedFor(driverId)).toEqual([]);
    expect((await driverRow(driverId)).lastLocationUpdate).toBeNull();
  });

  it('validates ranges, time and accuracy, naming the field, and stores nothing of a bad batch', async () => {
    const driverId = await linkDriverAccount(tenants.services, tenants.companyA);
    const driver = await as('driver');
    const cases: [Record<string, unknown>, string][] = [
      [{ lat: 91 }, 'Latitude must be between -90 and 90'],
      [{ lng: -181 }, 'Longitude must be between -180 and 180'],
      [{ recordedAt: new Date(Date.now() + 3_600_000).toISOString() }, 'Recorded at is in the future'],
      [{ recordedAt: new Date(Date.now() - 8 * 86_400_000).toISOString() }, 'Recorded at is older than 7 days'],
      [{ accuracy: -1 }, 'Accuracy must be at least 0'],
      [{ idempotencyKey: 'not-a-key' }, 'Idempotency key is invalid'],
    ];
    for (const [change, message] of cases) {
      const error = await settle(driver.positions.report({ positions: [position(1), { ...position(1), ...change }] as never }));
      expect(error?.code, message).toBe('BAD_REQUEST');
      expect(error?.message).toContain(message);
    }
    const tooMany = Array.from({ length: POSITION_BATCH_MAX + 1 }, () => position(1));
    expect((await settle(driver.positions.report({ positions: tooMany })))?.message).toContain('at most 100');
    expect((await settle(driver.positions.report({ positions: [] })))?.code).toBe('BAD_REQUEST');
    expect(await storedFor(driverId)).toEqual([]);
  });

  it('reports only for the caller’s own record: staff and other companies’ drivers are refused, and the database refuses a forged row', async () => {
    const ownId = await linkDriverAccount(tenants.services, tenants.companyA);
    for (const persona of ['admin', 'dispatcher', 'sales', 'treasury'] as const) {
      const error = await settle((await as(persona)).positions.report({ positions: [position(1)] }));
      expect(error?.code).toBe('FORBIDDEN');
    }
    // Company B's driver reports for their own record only; A's driver is untouched.
    const foreignId = await linkDriverAccount(tenants.services, tenants.companyB);
    await (await as('driver', tenants.companyB)).positions.report({ positions: [position(1, 10, 10)] });
    expect(await storedFor(foreignId)).toHaveLength(1);
    expect(await storedFor(ownId)).toEqual([]);
    // Row-level security: a dispatcher's transaction cannot insert a position for a driver who is not theirs.
    const { withCompany } = await import('../../server/src/db/with-company.js');
    const dispatcher = tenants.companyA.users.dispatcher;
    await expect(
      withCompany(tenants.services.db, dispatcher, (tx) =>
        tx
          .insertInto('positions')
          .values({ companyId: dispatcher.companyId, driverId: ownId, idempotencyKey: randomUUID(), recordedAt: at(1), lat: '1', lng: '1' })
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
  });
});

describe('positions.report over HTTP and over the WebSocket', () => {
  it('stores a batch sent as an HTTP mutation and one sent over the live socket, each once', async () => {
    const { listen, sessionFor, wsClientFor } = await import('../support/harness.js');
    const { request } = await import('../support/http.js');
    const { SESSION_COOKIE } = await import('../../server/src/services/lucia.js');
    const driverId = await linkDriverAccount(tenants.services, tenants.companyA);
    const { app, origin, wsUrl } = await listen(tenants.services);
    const sessionId = await sessionFor(tenants.services, tenants.companyA.users.driver);
    const { client, wsClient } = wsClientFor(wsUrl, sessionId, origin);
    try {
      const overHttp = [position(3, 34.1, -98.1), position(2, 34.2, -98.2)];
      const headers = { cookie: `${SESSION_COOKIE}=${sessionId}`, origin };
      const first = await request(`${origin}/trpc/positions.report`, { headers, body: { positions: overHttp } });
      expect(first.status).toBe(200);
      expect(JSON.parse(first.text)).toMatchObject({ result: { data: { stored: 2, duplicates: 0 } } });
      const again = await request(`${origin}/trpc/positions.report`, { headers, body: { positions: overHttp } });
      expect(JSON.parse(again.text)).toMatchObject({ result: { data: { stored: 0, duplicates: 2 } } });
      // The socket's guard lets mutations through (it bounds batches, rate and time, not the kind of call).
      const overSocket = [position(1, 34.3, -98.3)];
      expect(await client.positions.report.mutate({ positions: overSocket })).toMatchObject({
        stored: 1,
        latest: { lat: 34.3, lng: -98.3 },
      });
      expect(await client.positions.report.mutate({ positions: overSocket })).toMatchObject({ stored: 0, duplicates: 1 });
      expect(await storedFor(driverId)).toHaveLength(3);
    } finally {
      await wsClient.close();
      await app.close();
    }
  });
});

describe('arbitrary input', () => {
  it('never answers INTERNAL_SERVER_ERROR from positions.report, portal.setLoadStatus, portal.setConsent or fleet.list', async () => {
    await linkDriverAccount(tenants.services, tenants.companyA);
    const driver = await as('driver');
    const dispatcher = await as('dispatcher');
    const number = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e308, -0));
    const anything = fc.oneof(fc.string(), number, fc.boolean(), fc.constant(null), fc.constant(undefined), fc.uuid());
    const reportInput = fc.oneof(
      anything,
      fc.record({
        positions: fc.array(
          fc.oneof(
            anything,
            fc.record({
              idempotencyKey: fc.oneof(fc.uuid(), fc.string()),
              recordedAt: fc.oneof(
                fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
                fc.string(),
              ),
              lat: number,
              lng: number,
              accuracy: fc.oneof(number, fc.constant(null)),
            }),
          ),
          { maxLength: 120 },
        ),
      }),
    );
    const calls: ((input: never) => Promise<unknown>)[] = [
      (input) => driver.positions.report(input),
      (input) => driver.portal.setLoadStatus(input),
      (input) => driver.portal.setConsent(input),
      (input) => dispatcher.fleet.list(input),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: calls.length - 1 }),
        fc.oneof(reportInput, fc.record({ loadId: anything, status: anything, consent: anything, search: anything })),
        async (which, input) => {
          const error = await settle((calls[which] as (value: never) => Promise<unknown>)(input as never));
          expect(error?.code ?? 'OK').not.toBe('INTERNAL_SERVER_ERROR');
        },
      ),
      { numRuns: 120 },
    );
  });
});
