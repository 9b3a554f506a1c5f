import { randomUUID } from 'node:crypto';
import type { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { LOAD_NUMBER_TAKEN } from '#shared/schemas/loads.js';
import { numberAfter, patternOf } from '../../server/src/domains/loads/load-numbers.js';
import { createLoad, createTestCompany } from '../support/factories.js';
import { settle, userFacingError } from '../support/http.js';
import { useTenants } from '../support/tenants.js';

/**
 * Issue 26, item 5: a load number is unique within its company, refused naming the field on
 * create and on edit; the default next number follows the company's own pattern.
 */
const tenants = useTenants();
const { as } = tenants;
const db = () => tenants.services.db;

const stops = {
  pickupLocation: '1 Port Rd',
  pickupCity: 'Long Beach',
  pickupState: 'CA',
  deliveryLocation: '9 Depot St',
  deliveryCity: 'Phoenix',
  deliveryState: 'AZ',
};
/** A bare load form; with no number, the field left out. */
function form(): typeof stops;
function form(loadNumber: string): typeof stops & { loadNumber: string };
function form(loadNumber?: string) {
  return loadNumber === undefined ? stops : { ...stops, loadNumber };
}
const unique = () => `N-${randomUUID().slice(0, 8)}`;

async function refusal(call: Promise<unknown>, path: string) {
  const error = await settle(call);
  expect(error, 'expected a refusal, but the call succeeded').not.toBeNull();
  const shown = userFacingError(error as TRPCError, path);
  return { code: (error as TRPCError).code, message: shown.message, field: shown.data.field };
}

const TAKEN = { code: 'CONFLICT', message: LOAD_NUMBER_TAKEN, field: 'loadNumber' };

/** What a write outside tRPC threw (a PostgreSQL error), or null. */
async function failure(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
    return null;
  } catch (error) {
    return error;
  }
}

describe('a load number the company already uses', () => {
  it('is refused on create, naming the field, and writes nothing', async () => {
    const number = unique();
    const dispatcher = await as('dispatcher');
    await dispatcher.loads.create(form(number));
    expect(await refusal(dispatcher.loads.create(form(number)), 'loads.create')).toEqual(TAKEN);
    // A sales user, who cannot see the other load, is refused all the same: the number is the company's.
    expect(await refusal((await as('sales')).loads.create(form(number)), 'loads.create')).toEqual(TAKEN);
    const stored = await tenants.owner.selectFrom('loads').select('id').where('loadNumber', '=', number).execute();
    expect(stored).toHaveLength(1);
  });

  it('is refused on edit, naming the field, and the load keeps its number', async () => {
    const taken = unique();
    const dispatcher = await as('dispatcher');
    await dispatcher.loads.create(form(taken));
    const other = await dispatcher.loads.create(form(unique()));
    expect(await refusal(dispatcher.loads.update({ ...form(taken), id: other.id }), 'loads.update')).toEqual(TAKEN);
    expect((await dispatcher.loads.get({ id: other.id })).loadNumber).toBe(other.loadNumber);
    // Saving a load with its own number is no conflict.
    expect((await dispatcher.loads.update({ ...form(other.loadNumber), id: other.id, pickupCity: 'Ontario' })).pickupCity).toBe('Ontario');
  });

  it('is compared after trimming, as the field is stored', async () => {
    const number = unique();
    const dispatcher = await as('dispatcher');
    await dispatcher.loads.create(form(number));
    expect(await refusal(dispatcher.loads.create(form(`  ${number} `)), 'loads.create')).toEqual(TAKEN);
  });

  it('saved twice at the same moment: one load is created, the other refused naming the field, never a 500', async () => {
    const number = unique();
    const [first, second] = [await as('dispatcher'), await as('admin')];
    const outcomes = await Promise.all([first.loads.create(form(number)), second.loads.create(form(number))].map((call) => settle(call)));
    expect(outcomes.filter((error) => error === null)).toHaveLength(1);
    const refused = outcomes.find((error) => error !== null);
    expect(await refusal(Promise.reject(refused), 'loads.create')).toEqual(TAKEN);
  });

  it("is another company's own business: the same number is free there", async () => {
    const number = unique();
    await (await as('dispatcher')).loads.create(form(number));
    const created = await (await as('dispatcher', tenants.companyB)).loads.create(form(number));
    expect(created.loadNumber).toBe(number);
  });

  it('is refused by the database itself, whatever writes it', async () => {
    const number = unique();
    await createLoad(db(), tenants.companyA.users.admin, { loadNumber: number });
    const error = await failure(createLoad(db(), tenants.companyA.users.admin, { loadNumber: number }));
    expect(error).toMatchObject({ code: '23505', constraint: 'loads_company_load_number_key' });
  });
});

/** The number after the given ones (newest first), or null when they hold no pattern or it would be too long. */
const next = (numbers: string[]) => {
  const pattern = patternOf(numbers);
  return pattern === null ? null : numberAfter(pattern);
};

describe('the next load number', () => {
  it('follows the pattern of the newest numbered load: the prefix, the highest number under it plus one, as wide', () => {
    expect(next(['SFL-2611-0321', 'SFL-2611-0320'])).toBe('SFL-2611-0322');
    // The highest of the window under the newest's prefix, not the newest's own number.
    expect(next(['SFL-2611-0007', 'SFL-2611-0321', 'SFL-2610-0999'])).toBe('SFL-2611-0322');
    // A new month's prefix starts its own sequence.
    expect(next(['SFL-2612-0001', 'SFL-2611-0321'])).toBe('SFL-2612-0002');
    expect(next(['A-99'])).toBe('A-100');
    expect(next(['1041'])).toBe('1042');
    // Numbers with no digits at the end, and the spec's own default, are no pattern.
    expect(patternOf(['Dallas run', 'LOAD-1764355200000'])).toBeNull();
    expect(next(['No digits', 'LOAD-1764355200000', 'WX-0041'])).toBe('WX-0042');
    expect(patternOf([])).toBeNull();
    // One too long for the field is no answer.
    expect(next([`${'X'.repeat(46)}9999`])).toBeNull();
  });

  it('is offered by the form options and taken when the field is left out', async () => {
    const company = await createTestCompany(tenants.services);
    const dispatcher = await as('dispatcher', company);
    await dispatcher.loads.create(form('SFL-2611-0320'));
    await dispatcher.loads.create(form('SFL-2611-0321'));
    expect((await dispatcher.loads.formOptions()).nextLoadNumber).toBe('SFL-2611-0322');
    // A sales user numbers in the company's sequence too.
    expect((await (await as('sales', company)).loads.formOptions()).nextLoadNumber).toBe('SFL-2611-0322');
    const created = await dispatcher.loads.create(form());
    expect(created.loadNumber).toBe('SFL-2611-0322');
    expect((await dispatcher.loads.formOptions()).nextLoadNumber).toBe('SFL-2611-0323');
  });

  it('skips a number an older load already holds', async () => {
    const company = await createTestCompany(tenants.services);
    const admin = company.users.admin;
    const day = 86_400_000;
    // OPS-0012 is older than the company's newest 200 loads the pattern is read from: still, it is taken.
    await createLoad(db(), admin, { loadNumber: 'OPS-0012', createdAt: new Date(Date.now() - 3 * day) });
    await tenants.owner
      .insertInto('loads')
      .values(
        Array.from({ length: 200 }, (_, index) => ({
          companyId: company.companyId,
          loadNumber: `Spot run ${String.fromCharCode(97 + (index % 26))}${'x'.repeat(Math.floor(index / 26))}`,
          pickupLocation: '1 Port Rd',
          pickupCity: 'Long Beach',
          pickupState: 'CA',
          deliveryLocation: '9 Depot St',
          deliveryCity: 'Phoenix',
          deliveryState: 'AZ',
          createdAt: new Date(Date.now() - 2 * day),
        })),
      )
      .execute();
    await createLoad(db(), admin, { loadNumber: 'OPS-0011' });
    expect((await (await as('dispatcher', company)).loads.formOptions()).nextLoadNumber).toBe('OPS-0013');
  });

  it('left out by several people at once: each load gets a number of the pattern, or the field is refused (never a 500)', async () => {
    const company = await createTestCompany(tenants.services);
    const dispatcher = await as('dispatcher', company);
    await dispatcher.loads.create(form('RUN-0100'));
    const callers = [dispatcher, await as('admin', company), await as('sales', company)];
    const outcomes = await Promise.all(
      callers.map(async (caller) => {
        try {
          return { number: (await caller.loads.create(form())).loadNumber };
        } catch (error) {
          return { refused: await refusal(Promise.reject(error as Error), 'loads.create') };
        }
      }),
    );
    for (const outcome of outcomes) {
      if ('number' in outcome) expect(outcome.number).toMatch(/^RUN-01\d\d$/);
      else expect(outcome.refused).toEqual(TAKEN);
    }
    const numbers = outcomes.flatMap((outcome) => ('number' in outcome ? [outcome.number] : []));
    expect(numbers.length).toBeGreaterThanOrEqual(1);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it("is the spec's LOAD- and a timestamp for a company whose loads follow no pattern", async () => {
    const company = await createTestCompany(tenants.services);
    const dispatcher = await as('dispatcher', company);
    const before = Date.now();
    expect((await dispatcher.loads.formOptions()).nextLoadNumber).toMatch(/^LOAD-\d{13}$/);
    await dispatcher.loads.create(form('Dallas run'));
    const created = await dispatcher.loads.create(form());
    const stamp = Number(/^LOAD-(\d{13})$/.exec(created.loadNumber)?.[1]);
    expect(stamp).toBeGreaterThanOrEqual(before);
    expect(stamp).toBeLessThanOrEqual(Date.now());
    // The spec's default is no pattern either: the next is a new timestamp, not the last one plus one.
    expect((await dispatcher.loads.formOptions()).nextLoadNumber).toMatch(/^LOAD-\d{13}$/);
  });
});

describe('the unique_load_numbers migration', () => {
  it('renumbers the duplicates an existing database holds, oldest first keeping the number, then enforces the rule', async () => {
    const migration = await import('../../migrations/2026-11-28T1900_unique_load_numbers.js');
    const { owner } = tenants;
    const company = await createTestCompany(tenants.services);
    const admin = company.users.admin;
    await migration.down(owner);
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 12, minutes));
    const long = 'L'.repeat(50);
    const ids = {
      first: await createLoad(db(), admin, { loadNumber: 'DUP-7', createdAt: at(1) }),
      second: await createLoad(db(), admin, { loadNumber: 'DUP-7', createdAt: at(2) }),
      third: await createLoad(db(), admin, { loadNumber: 'DUP-7', createdAt: at(3) }),
      // The number a renumbered duplicate would take is taken already: the next free suffix.
      holder: await createLoad(db(), admin, { loadNumber: 'DUP-7-2', createdAt: at(0) }),
      longFirst: await createLoad(db(), admin, { loadNumber: long, createdAt: at(4) }),
      longSecond: await createLoad(db(), admin, { loadNumber: long, createdAt: at(5) }),
      // Another company's load of the same number is no duplicate.
      elsewhere: await createLoad(db(), tenants.companyB.users.admin, { loadNumber: 'DUP-7' }),
    };
    await migration.up(owner);
    const numbers = Object.fromEntries(
      await Promise.all(
        Object.entries(ids).map(async ([name, id]) => [
          name,
          (await owner.selectFrom('loads').select('loadNumber').where('id', '=', id).executeTakeFirstOrThrow()).loadNumber,
        ]),
      ),
    );
    expect(numbers).toEqual({
      first: 'DUP-7',
      second: 'DUP-7-3',
      third: 'DUP-7-4',
      holder: 'DUP-7-2',
      longFirst: long,
      longSecond: `${'L'.repeat(48)}-2`,
      elsewhere: 'DUP-7',
    });
    // The renumbering is in the load's history, made by nobody (the system).
    const history = await (await as('dispatcher', company)).loads.history({ id: ids.second });
    expect(history.entries.map(({ kind }) => kind)).toEqual(['created']);
    const audit = await owner
      .selectFrom('auditLogs')
      .select(['userId', 'changes'])
      .where('entityId', '=', ids.second)
      .where('action', '=', 'updated')
      .execute();
    expect(audit).toEqual([{ userId: null, changes: { changedFields: { loadNumber: { old: 'DUP-7', new: 'DUP-7-3' } } } }]);
    const error = await failure(createLoad(db(), admin, { loadNumber: 'DUP-7' }));
    expect(error).toMatchObject({ code: '23505' });
  });
});
