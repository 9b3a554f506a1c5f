import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineMiles } from '#shared/rules/geo.js';
import type { StartedServices } from '../../server/src/create-services.js';
import {
  callerFor,
  createMasterAdmin,
  createTestCompany,
  startTestServices,
  type Caller,
  type PersonaName,
  type TestCompany,
  type TestUser,
} from '../support/harness.js';
import { expectTrpcError, settle, uniqueIp, userFacingError } from '../support/http.js';

let started: StartedServices;
let company: TestCompany;
let otherCompany: TestCompany;
let masterAdmin: TestUser;

beforeAll(async () => {
  started = await startTestServices();
  [company, otherCompany, masterAdmin] = await Promise.all([
    createTestCompany(started.services),
    createTestCompany(started.services),
    createMasterAdmin(started.services),
  ]);
});
afterAll(async () => {
  await started?.close();
});

const as = (user: TestUser | null): Promise<Caller> => callerFor(started.services, user, uniqueIp());
const dispatcher = () => as(company.users.dispatcher);

const chicago = { city: 'Chicago', state: 'IL' };
const dallas = { city: 'Dallas', state: 'TX' };

describe('who may locate cities and estimate a distance', () => {
  const staff: PersonaName[] = ['admin', 'dispatcher', 'sales', 'treasury'];

  it.each(staff)('a member with the %s role may', async (persona) => {
    const caller = await as(company.users[persona]);
    expect(await caller.geo.locate(chicago)).not.toBeNull();
    expect((await caller.geo.estimateDistance({ pickup: chicago, delivery: dallas }))?.miles).toBeGreaterThan(0);
  });

  it('a master admin may', async () => {
    const caller = await as(masterAdmin);
    expect(await caller.geo.locate(chicago)).not.toBeNull();
    expect(await caller.geo.estimateDistance({ pickup: chicago, delivery: dallas })).not.toBeNull();
  });

  it('a driver (a member with no role) may not', async () => {
    const caller = await as(company.users.driver);
    await expectTrpcError(caller.geo.locate(chicago), 'FORBIDDEN', 'You do not have permission to do this');
    await expectTrpcError(
      caller.geo.estimateDistance({ pickup: chicago, delivery: dallas }),
      'FORBIDDEN',
      'You do not have permission to do this',
    );
  });

  it('nobody signed out may', async () => {
    const caller = await as(null);
    await expectTrpcError(caller.geo.locate(chicago), 'UNAUTHORIZED', 'Not authenticated');
    await expectTrpcError(caller.geo.estimateDistance({ pickup: chicago, delivery: dallas }), 'UNAUTHORIZED', 'Not authenticated');
  });

  it('reads no company data: two companies get the same answer', async () => {
    const ours = await (await dispatcher()).geo.estimateDistance({ pickup: chicago, delivery: dallas });
    const theirs = await (await as(otherCompany.users.dispatcher)).geo.estimateDistance({ pickup: chicago, delivery: dallas });
    expect(theirs).toEqual(ours);
  });
});

describe('geo.locate: where a US city is', () => {
  it("answers the city's centre", async () => {
    const found = await (await dispatcher()).geo.locate({ city: 'Denver', state: 'CO' });
    expect(found).not.toBeNull();
    // Denver's city hall, within a few miles.
    expect(haversineMiles(found ?? { lat: 0, lng: 0 }, { lat: 39.7392, lng: -104.9903 })).toBeLessThan(10);
  });

  it('ignores case and spacing and reads common abbreviations', async () => {
    const caller = await dispatcher();
    const saintLouis = await caller.geo.locate({ city: 'Saint Louis', state: 'MO' });
    expect(saintLouis).not.toBeNull();
    expect(await caller.geo.locate({ city: '  st. louis ', state: 'mo' })).toEqual(saintLouis);
    expect(await caller.geo.locate({ city: 'Ft Worth', state: 'TX' })).toEqual(
      await caller.geo.locate({ city: 'Fort Worth', state: 'TX' }),
    );
  });

  it('answers null for a city it does not know', async () => {
    const caller = await dispatcher();
    expect(await caller.geo.locate({ city: 'Atlantis', state: 'CA' })).toBeNull();
    expect(await caller.geo.locate({ city: 'Chicago', state: 'ZZ' })).toBeNull();
    // A real city, in the wrong state.
    expect(await caller.geo.locate({ city: 'Chicago', state: 'TX' })).toBeNull();
  });
});

describe('geo.estimateDistance: the straight-line distance of a lane', () => {
  it('answers the miles and both ends', async () => {
    const caller = await dispatcher();
    const estimate = await caller.geo.estimateDistance({ pickup: chicago, delivery: dallas });
    expect(estimate).not.toBeNull();
    expect(estimate?.pickup).toEqual(await caller.geo.locate(chicago));
    expect(estimate?.delivery).toEqual(await caller.geo.locate(dallas));
    // Chicago to Dallas is about 800 miles as the crow flies.
    expect(estimate?.miles).toBeGreaterThan(780);
    expect(estimate?.miles).toBeLessThan(820);
    expect(Number.isInteger(estimate?.miles)).toBe(true);
  });

  it('is zero within one city', async () => {
    const estimate = await (await dispatcher()).geo.estimateDistance({ pickup: chicago, delivery: { city: 'chicago', state: 'il' } });
    expect(estimate?.miles).toBe(0);
  });

  it('answers null when either city is unknown', async () => {
    const caller = await dispatcher();
    const nowhere = { city: 'Atlantis', state: 'CA' };
    expect(await caller.geo.estimateDistance({ pickup: nowhere, delivery: dallas })).toBeNull();
    expect(await caller.geo.estimateDistance({ pickup: chicago, delivery: nowhere })).toBeNull();
  });
});

describe('input validation', () => {
  it.each([
    [{ city: '', state: 'IL' }, 'city', 'City is required'],
    [{ city: '   ', state: 'IL' }, 'city', 'City is required'],
    [{ city: 'x'.repeat(101), state: 'IL' }, 'city', 'City must be at most 100 characters'],
    [{ city: 'Chicago', state: 'Illinois' }, 'state', 'State must be 2 letters'],
    [{ city: 'Chicago', state: 'I' }, 'state', 'State must be 2 letters'],
    [{ city: 'Chicago', state: '12' }, 'state', 'State must be 2 letters'],
    [{ city: 'Chicago', state: '' }, 'state', 'State is required'],
    [{ city: 'Chicago' }, 'state', 'State is required'],
  ])('geo.locate refuses %j, naming the %s: "%s"', async (input, field, message) => {
    const error = await expectTrpcError((await dispatcher()).geo.locate(input as typeof chicago), 'BAD_REQUEST');
    const shown = userFacingError(error, 'geo.locate');
    expect(shown.message).toBe(message);
    expect(shown.data.field).toBe(field);
  });

  it.each([
    [{ pickup: { city: '', state: 'IL' }, delivery: dallas }, 'pickup.city', 'Pickup city is required'],
    [{ pickup: { city: 'Chicago', state: 'ILL' }, delivery: dallas }, 'pickup.state', 'Pickup state must be 2 letters'],
    [{ pickup: chicago, delivery: { city: '', state: 'TX' } }, 'delivery.city', 'Delivery city is required'],
    [{ pickup: chicago, delivery: { city: 'Dallas', state: 'T1' } }, 'delivery.state', 'Delivery state must be 2 letters'],
  ])('geo.estimateDistance refuses %j, naming %s: "%s"', async (input, field, message) => {
    const error = await expectTrpcError((await dispatcher()).geo.estimateDistance(input), 'BAD_REQUEST');
    const shown = userFacingError(error, 'geo.estimateDistance');
    expect(shown.message).toBe(message);
    expect(shown.data.field).toBe(field);
  });

  it('never fails with an internal error, whatever it is sent', async () => {
    const caller = await dispatcher();
    const text = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.constantFrom('', ' ', 'St.', '💥', "'; drop table loads; --"),
    );
    const place = fc.oneof(
      { weight: 4, arbitrary: fc.record({ city: text, state: fc.oneof(text, fc.stringMatching(/^[A-Za-z]{2}$/)) }) },
      { weight: 1, arbitrary: fc.anything() },
    );
    await fc.assert(
      fc.asyncProperty(place, place, async (pickup, delivery) => {
        for (const call of [
          () => caller.geo.locate(pickup as typeof chicago),
          () => caller.geo.estimateDistance({ pickup, delivery } as { pickup: typeof chicago; delivery: typeof dallas }),
        ]) {
          const error = await settle(call());
          if (error) expect(error.code).toBe('BAD_REQUEST');
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('geo.describe: places, not coordinates', () => {
  it('names each position by the town near it, in order, and null far from any', async () => {
    const caller = await dispatcher();
    const memphis = await caller.geo.locate({ city: 'Memphis', state: 'TN' });
    if (!memphis) throw new Error('the gazetteer knows Memphis, TN');
    const { places } = await caller.geo.describe({
      points: [memphis, { lat: memphis.lat + 0.2, lng: memphis.lng + 0.2 }, { lat: 30, lng: -40 }],
    });
    expect(places[0]).toBe('Memphis, TN');
    expect(places[1]).toMatch(/^(1[5-9]|20) mi NE of Memphis, TN$/);
    expect(places[2]).toBeNull();
  });

  it('refuses a batch over its bound and a point off the earth, naming the field', async () => {
    const caller = await dispatcher();
    const many = Array.from({ length: 101 }, () => ({ lat: 35, lng: -90 }));
    await expectTrpcError(caller.geo.describe({ points: many }), 'BAD_REQUEST');
    const error = await settle(caller.geo.describe({ points: [{ lat: 91, lng: 0 }] }));
    expect(error?.code).toBe('BAD_REQUEST');
  });
});
