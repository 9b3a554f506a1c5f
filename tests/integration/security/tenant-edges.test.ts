import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readIdentity } from '../../../server/src/auth/session-context.js';
import { asUser } from '../../../server/src/db/transactions.js';
import { INPUT_TOO_DEEP, MAX_INPUT_DEPTH } from '../../../server/src/trpc/procedures.js';
import { createDriver, createMember } from '../../support/factories.js';
import { callerFor, createTestCompany, ownerDb, startTestServices, type TestCompany } from '../../support/harness.js';
import { expectTrpcError, uniqueIp, userFacingError } from '../../support/http.js';

/**
 * Issue 10, item 11: a driver record is someone's only inside their own company, removing a
 * member unlinks their driver record, and deep input is refused at once with a clear error.
 */

let started: Awaited<ReturnType<typeof startTestServices>>;
let owner: Kysely<any>;
let company: TestCompany;
let other: TestCompany;

beforeAll(async () => {
  started = await startTestServices();
  owner = ownerDb();
  company = await createTestCompany(started.services);
  other = await createTestCompany(started.services);
});

afterAll(async () => {
  await started?.close();
  await owner?.destroy();
});

/** The driver records a user sees as themselves, before any company is set (as the session read does). */
const ownDriverRows = (userId: string) =>
  asUser(started.services.db, userId, (tx) => tx.selectFrom('drivers').select(['id', 'companyId']).execute());

describe('drivers_self_read', () => {
  it('shows a user no driver record another company linked to them', async () => {
    const member = await createMember(started.services, company.companyId, { role: null });
    // Another company's admin links one of its driver records to this user's id.
    const foreignDriver = await createDriver(started.services.db, other.users.admin);
    await owner.updateTable('drivers').set({ userId: member.userId }).where('id', '=', foreignDriver).execute();
    expect(await ownDriverRows(member.userId)).toEqual([]);
    expect((await readIdentity(started.services.db, member.userId))?.portal).toBeNull();

    // Their own company's record is theirs.
    const ownDriver = await createDriver(started.services.db, company.users.admin);
    await owner.updateTable('drivers').set({ userId: member.userId }).where('id', '=', ownDriver).execute();
    expect(await ownDriverRows(member.userId)).toEqual([{ id: ownDriver, companyId: company.companyId }]);
  });
});

describe('removing a member', () => {
  it('unlinks their driver record: the record stays the company’s, no longer theirs', async () => {
    const member = await createMember(started.services, company.companyId, { role: 'dispatcher' });
    const driverId = await createDriver(started.services.db, company.users.admin);
    await owner.updateTable('drivers').set({ userId: member.userId }).where('id', '=', driverId).execute();
    const admin = await callerFor(started.services, company.users.admin, uniqueIp());
    await admin.team.removeMember({ userId: member.userId });
    const row = await owner.selectFrom('drivers').select(['userId', 'companyId']).where('id', '=', driverId).executeTakeFirstOrThrow();
    expect(row).toEqual({ userId: null, companyId: company.companyId });
    expect(await ownDriverRows(member.userId)).toEqual([]);
  });
});

describe('input depth', () => {
  const nested = (depth: number): unknown => {
    let value: unknown = 'leaf';
    for (let level = 0; level < depth; level += 1) value = { next: value };
    return value;
  };

  it(`refuses input nested deeper than ${MAX_INPUT_DEPTH} levels before sign-in, naming the problem`, async () => {
    const visitor = await callerFor(started.services, null, uniqueIp());
    const error = await expectTrpcError(visitor.contact.send(nested(MAX_INPUT_DEPTH + 1) as never), 'BAD_REQUEST', INPUT_TOO_DEEP);
    expect(userFacingError(error, 'contact.send').message).toBe(INPUT_TOO_DEEP);
  });

  it('refuses very deep input with the same clear error, not a crash (the old walk recursed once per level)', async () => {
    const visitor = await callerFor(started.services, null, uniqueIp());
    await expectTrpcError(visitor.contact.send(nested(200_000) as never), 'BAD_REQUEST', INPUT_TOO_DEEP);
  });

  it('still names the field of a NUL character inside the allowed depth', async () => {
    const visitor = await callerFor(started.services, null, uniqueIp());
    const error = await expectTrpcError(
      visitor.contact.send({ name: 'Casey', email: 'casey@example.test', subject: 'Hi', message: 'a\u0000b' }),
      'BAD_REQUEST',
      'message contains an invalid character',
    );
    expect(userFacingError(error, 'contact.send').data.field).toBe('message');
  });
});
