import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompany } from '../../server/src/db/with-company.js';
import type { StartedServices } from '../../server/src/create-services.js';
import { createMasterAdmin, createTestCompany, createWipRequest, type TestCompany, type TestUser } from '../support/factories.js';
import { callerFor, ownerDb, startTestServices } from '../support/harness.js';
import { expectTrpcError, userFacingError } from '../support/http.js';
import type { PersonaName } from '../support/personas.js';
import { expectSameAsMissing } from './security/authorization-matrix.js';

let started: StartedServices;
let company: TestCompany;
let other: TestCompany;
let master: TestUser;
beforeAll(async () => {
  started = await startTestServices();
  company = await createTestCompany(started.services);
  other = await createTestCompany(started.services);
  master = await createMasterAdmin(started.services);
});
afterAll(async () => {
  await started?.close();
});

const as = (user: TestUser | null) => callerFor(started.services, user);
const FORBIDDEN = 'You do not have permission to do this';

/** The stored row, read as the company itself: what the procedures wrote, not what they answered. */
async function storedRow(owner: { companyId: string; userId: string | null }, id: string) {
  return withCompany(started.services.db, owner, (tx) =>
    tx.selectFrom('wipAssignments').selectAll().where('id', '=', id).executeTakeFirst(),
  );
}

describe('wip.request', () => {
  it.each([
    ['dispatcher', 'Dee dispatcher'],
    ['sales', 'Sal sales'],
    ['treasury', 'Tre treasury'],
  ] as const)('a %s requests an assignment: pending, with their name and trimmed notes', async (persona, name) => {
    const user = company.users[persona];
    const before = Date.now();
    const created = await (await as(user)).wip.request({ notes: '  Take the Phoenix lanes  ' });
    expect(created).toMatchObject({ userId: user.userId, userName: name, status: 'pending', notes: 'Take the Phoenix lanes' });
    expect(created.assignedAt).toBeNull();
    expect(created.assignedByName).toBeNull();
    expect(new Date(created.requestedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await storedRow(user, created.id)).toMatchObject({ companyId: company.companyId, userId: user.userId, status: 'pending' });
  });

  it('notes are optional: absent or blank become null', async () => {
    const caller = await as(company.users.dispatcher);
    expect((await caller.wip.request({})).notes).toBeNull();
    expect((await caller.wip.request({ notes: '   ' })).notes).toBeNull();
  });

  it('refuses notes over 1000 characters, naming the field, and writes nothing', async () => {
    const caller = await as(company.users.sales);
    const listed = (await caller.wip.list()).items.length;
    const error = await expectTrpcError(caller.wip.request({ notes: 'x'.repeat(1001) }), 'BAD_REQUEST');
    expect(userFacingError(error, 'wip.request')).toMatchObject({
      message: 'Notes must be at most 1000 characters',
      data: { field: 'notes' },
    });
    expect((await caller.wip.list()).items.length).toBe(listed);
    expect((await caller.wip.request({ notes: 'x'.repeat(1000) })).notes).toHaveLength(1000);
  });

  it('refuses a U+0000 in the notes with a clear field error, never a 500', async () => {
    const error = await expectTrpcError((await as(company.users.sales)).wip.request({ notes: 'a\u0000b' }), 'BAD_REQUEST');
    expect(userFacingError(error, 'wip.request').data.field).toBe('notes');
  });

  it.each(['admin', 'driver'] as const)('a %s may not request (admins decide; drivers have no access)', async (persona) => {
    await expectTrpcError((await as(company.users[persona])).wip.request({ notes: 'Let me in' }), 'FORBIDDEN', FORBIDDEN);
  });

  it('a master admin may not request either, and someone signed out is refused', async () => {
    await expectTrpcError((await as(master)).wip.request({}), 'FORBIDDEN', FORBIDDEN);
    await expectTrpcError((await as(null)).wip.request({}), 'UNAUTHORIZED', 'Not authenticated');
  });
});

describe('wip.list', () => {
  let fresh: TestCompany;
  const ids: Partial<Record<PersonaName, string>> = {};
  beforeAll(async () => {
    fresh = await createTestCompany(started.services);
    for (const persona of ['dispatcher', 'sales', 'treasury'] as const) {
      ids[persona] = (await (await as(fresh.users[persona])).wip.request({ notes: `From ${persona}` })).id;
    }
    await createWipRequest(started.services.db, other.users.dispatcher, 'Another company');
  });

  it("an admin reviews every request of the company, newest requested first, and none of another company's", async () => {
    const { items: listed } = await (await as(fresh.users.admin)).wip.list();
    expect(listed.map((item) => item.id)).toEqual([ids.treasury, ids.sales, ids.dispatcher]);
    expect(listed.map((item) => item.userName)).toEqual(['Tre treasury', 'Sal sales', 'Dee dispatcher']);
    const times = listed.map((item) => new Date(item.requestedAt).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it.each(['dispatcher', 'sales', 'treasury'] as const)('a %s sees only their own requests', async (persona) => {
    const { items: listed } = await (await as(fresh.users[persona])).wip.list();
    expect(listed.map((item) => item.id)).toEqual([ids[persona]]);
    expect(listed[0]?.notes).toBe(`From ${persona}`);
  });

  it('a request whose user is gone shows "Unknown User"', async () => {
    const leaving = await createTestCompany(started.services);
    const id = (await (await as(leaving.users.sales)).wip.request({ notes: 'Before I go' })).id;
    const owner = ownerDb();
    try {
      await owner.deleteFrom('users').where('id', '=', leaving.users.sales.userId).execute();
    } finally {
      await owner.destroy();
    }
    const { items: listed } = await (await as(leaving.users.admin)).wip.list();
    expect(listed).toEqual([expect.objectContaining({ id, userId: null, userName: 'Unknown User', notes: 'Before I go' })]);
  });

  it("a master admin reviews their own company's requests only", async () => {
    const own = await createWipRequest(started.services.db, master, 'Platform request');
    const { items: listed } = await (await as(master)).wip.list();
    expect(listed.map((item) => item.id)).toEqual([own]);
  });

  it('a driver is refused, and someone signed out', async () => {
    await expectTrpcError((await as(fresh.users.driver)).wip.list(), 'FORBIDDEN', FORBIDDEN);
    await expectTrpcError((await as(null)).wip.list(), 'UNAUTHORIZED', 'Not authenticated');
  });
});

describe.each([
  ['approve', 'approved'],
  ['reject', 'rejected'],
] as const)('wip.%s', (procedure, status) => {
  const decide = async (user: TestUser | null, input: { id: string; notes?: string }) => (await as(user)).wip[procedure](input);

  it(`an admin ${procedure}s a pending request, recording the time, themselves and the notes`, async () => {
    const id = await createWipRequest(started.services.db, company.users.dispatcher, 'Requested notes');
    const before = Date.now();
    const decided = await decide(company.users.admin, { id, notes: '  Go ahead  ' });
    expect(decided).toMatchObject({ id, status, assignedByName: 'Ada Admin', notes: 'Go ahead', userName: 'Dee dispatcher' });
    expect(new Date(decided.assignedAt ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const row = await storedRow(company.users.admin, id);
    expect(row).toMatchObject({ status, assignedBy: company.users.admin.userId, notes: 'Go ahead' });
    expect(row?.assignedAt).toBeInstanceOf(Date);
  });

  it('without notes the request keeps its own', async () => {
    const id = await createWipRequest(started.services.db, company.users.sales, 'Keep these notes');
    const decided = await decide(company.users.admin, { id });
    expect(decided).toMatchObject({ status, notes: 'Keep these notes' });
  });

  it('only a pending request can be decided: a decided one is refused with a clear message and left as it was', async () => {
    const id = await createWipRequest(started.services.db, company.users.treasury);
    const first = await (await as(company.users.admin)).wip.approve({ id, notes: 'First decision' });
    await expectTrpcError(
      decide(company.users.admin, { id, notes: 'Second decision' }),
      'CONFLICT',
      'This request was already approved. Only pending requests can be approved or rejected.',
    );
    expect(await storedRow(company.users.admin, id)).toMatchObject({ status: 'approved', notes: 'First decision' });
    expect(first.status).toBe('approved');
  });

  it.each(['dispatcher', 'sales', 'treasury', 'driver'] as const)('a %s may not decide, and nothing changes', async (persona) => {
    const id = await createWipRequest(started.services.db, company.users[persona === 'driver' ? 'dispatcher' : persona]);
    await expectTrpcError(decide(company.users[persona], { id }), 'FORBIDDEN', FORBIDDEN);
    await expectTrpcError(decide(null, { id }), 'UNAUTHORIZED', 'Not authenticated');
    expect(await storedRow(company.users.admin, id)).toMatchObject({ status: 'pending', assignedBy: null, assignedAt: null });
  });

  it("another company's request answers exactly like a missing or deleted one, and stays pending", async () => {
    const foreign = await createWipRequest(started.services.db, other.users.sales);
    const deleted = await createWipRequest(started.services.db, company.users.sales);
    await withCompany(started.services.db, company.users.admin, (tx) =>
      tx.deleteFrom('wipAssignments').where('id', '=', deleted).execute(),
    );
    await expectSameAsMissing(
      () => decide(company.users.admin, { id: foreign }),
      () => decide(company.users.admin, { id: randomUUID() }),
    );
    await expectSameAsMissing(
      () => decide(company.users.admin, { id: foreign }),
      () => decide(company.users.admin, { id: deleted }),
    );
    await expectTrpcError(decide(company.users.admin, { id: foreign }), 'NOT_FOUND', 'Assignment request not found');
    expect(await storedRow(other.users.admin, foreign)).toMatchObject({ status: 'pending', assignedBy: null });
  });

  it("a master admin decides in their own company, and another company's request is as missing to them too", async () => {
    const own = await createWipRequest(started.services.db, master);
    expect(await decide(master, { id: own })).toMatchObject({ status, assignedByName: 'Max Master' });
    const foreign = await createWipRequest(started.services.db, company.users.dispatcher);
    await expectSameAsMissing(
      () => decide(master, { id: foreign }),
      () => decide(master, { id: randomUUID() }),
    );
    expect(await storedRow(company.users.admin, foreign)).toMatchObject({ status: 'pending' });
  });

  it('refuses a malformed id and over-long notes, naming the field', async () => {
    const malformed = await expectTrpcError(decide(company.users.admin, { id: 'not-an-id' }), 'BAD_REQUEST');
    expect(userFacingError(malformed, `wip.${procedure}`).data.field).toBe('id');
    const id = await createWipRequest(started.services.db, company.users.dispatcher);
    const long = await expectTrpcError(decide(company.users.admin, { id, notes: 'n'.repeat(1001) }), 'BAD_REQUEST');
    expect(userFacingError(long, `wip.${procedure}`)).toMatchObject({
      message: 'Notes must be at most 1000 characters',
      data: { field: 'notes' },
    });
    expect(await storedRow(company.users.admin, id)).toMatchObject({ status: 'pending' });
  });
});

describe('deciding at the same time', () => {
  it('when one request is approved and rejected at once (two admin sessions), exactly one decision wins', async () => {
    const id = await createWipRequest(started.services.db, company.users.dispatcher);
    const [approveCaller, rejectCaller] = await Promise.all([as(company.users.admin), as(company.users.admin)]);
    const results = await Promise.allSettled([approveCaller.wip.approve({ id }), rejectCaller.wip.reject({ id })]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT' });
    const winner = results.find((result) => result.status === 'fulfilled') as PromiseFulfilledResult<{ status: string }>;
    expect((await storedRow(company.users.admin, id))?.status).toBe(winner.value.status);
  });
});

describe('arbitrary input', () => {
  const text = fc.oneof(
    fc.string({ maxLength: 1200 }),
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc.constantFrom('', '   ', '\u0000', '💥'.repeat(600)),
  );
  const notes = fc.oneof({ weight: 4, arbitrary: text }, { weight: 1, arbitrary: fc.anything() });
  const id = fc.oneof(
    fc.uuid(),
    fc.constant(null).map(() => randomUUID()),
    text,
    fc.anything(),
  );
  const record = <T extends Record<string, fc.Arbitrary<unknown>>>(shape: T) =>
    fc.oneof({ weight: 5, arbitrary: fc.record(shape, { requiredKeys: [] }) }, { weight: 1, arbitrary: fc.anything() });
  const cases = [
    ['request', 'dispatcher', record({ notes })],
    ['approve', 'admin', record({ id, notes })],
    ['reject', 'admin', record({ id, notes })],
  ] as const;

  it.each(cases)('wip.%s never answers INTERNAL_SERVER_ERROR; a refusal names its field', async (procedure, persona, input) => {
    const caller = await as(company.users[persona]);
    await fc.assert(
      fc.asyncProperty(input, async (value) => {
        try {
          await (caller.wip[procedure] as (input: unknown) => Promise<unknown>)(value);
        } catch (error) {
          if (!(error instanceof TRPCError)) throw error;
          expect(error.code, `${error.code}: ${error.message}`).toBeOneOf(['BAD_REQUEST', 'NOT_FOUND', 'CONFLICT']);
          if (error.code === 'BAD_REQUEST') expect(userFacingError(error, `wip.${procedure}`).data.field).toMatch(/\S/);
        }
      }),
      { numRuns: 40, endOnFailure: true },
    );
  });
});
