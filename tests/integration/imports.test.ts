import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_PATH } from '#shared/schemas/export.js';
import { IMPORT_PATH, type ImportEntity, type ImportItem } from '#shared/schemas/imports.js';
import { SESSION_COOKIE } from '../../server/src/services/lucia.js';
import { seedDemo } from '../../server/src/seed/demo-data.js';
import { DEMO_COMPANY } from '../../server/src/seed/demo-accounts.js';
import { createBroker, createTestCompany, type TestUser } from '../support/factories.js';
import { callerFor, listen, sessionFor, type Caller } from '../support/harness.js';
import { useTenants } from '../support/tenants.js';

/**
 * CSV import (issue 28, item 4) end to end on the real server: the upload route, the preview, the
 * job that writes the rows, the summary and the failed rows' file. Fixtures: tests/fixtures/csv/.
 */
const tenants = useTenants();
let app: FastifyInstance;
let origin: string;
const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../fixtures/csv', name));

beforeAll(async () => {
  ({ app, origin } = await listen(tenants.services));
});
afterAll(async () => {
  await app?.close();
});

async function upload(user: TestUser, entity: ImportEntity, name: string, content: Buffer | string): Promise<Response> {
  const form = new FormData();
  form.append('entity', entity);
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type: 'text/csv' }), name);
  return fetch(`${origin}${IMPORT_PATH}`, {
    method: 'POST',
    headers: { origin, cookie: `${SESSION_COOKIE}=${await sessionFor(tenants.services, user)}` },
    body: form,
  });
}

async function uploaded(user: TestUser, entity: ImportEntity, name: string, content: Buffer | string): Promise<string> {
  const response = await upload(user, entity, name, content);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function finished(caller: Caller, id: string): Promise<ImportItem> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const item = await caller.imports.get({ id });
    if (item.status === 'done' || item.status === 'failed') return item;
    if (Date.now() > deadline) throw new Error(`import ${id} still ${item.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Uploads, previews (the guessed mapping), runs and waits: the import's summary. */
async function importFile(user: TestUser, entity: ImportEntity, name: string, content: Buffer | string) {
  const caller = await callerFor(tenants.services, user);
  const id = await uploaded(user, entity, name, content);
  const preview = await caller.imports.preview({ id });
  await caller.imports.run({ id, mapping: preview.mapping });
  return { id, caller, preview, summary: await finished(caller, id) };
}

async function download(url: string): Promise<string> {
  const response = await fetch(url.startsWith('http') ? url : `${origin}${url}`);
  expect(response.status).toBe(200);
  return response.text();
}

describe('CSV import', () => {
  it('previews with the guessed mapping and each error named by row and field, imports the valid rows, and again updates them', async () => {
    const admin = tenants.companyA.users.admin;
    const caller = await callerFor(tenants.services, admin);
    const id = await uploaded(admin, 'brokers', 'brokers.csv', fixture('brokers-bom-semicolon.csv'));
    const preview = await caller.imports.preview({ id });
    expect(preview.headers.slice(0, 6)).toEqual(['Contact Name', 'Brokerage', 'E-mail', 'Phone', 'Terms', 'Notes']);
    expect(preview.mapping.slice(0, 6)).toEqual(['name', 'companyName', 'email', 'phone', 'paymentTerms', 'notes']);
    expect(preview.missing).toEqual([]);
    expect(preview.rows.map((row) => row.line)).toEqual([1, 2, 3]);
    expect(preview.rows[2]?.errors).toEqual([{ field: 'email', label: 'Email', message: 'Invalid email address' }]);
    expect(preview.rows[0]?.errors).toEqual([]);

    await caller.imports.run({ id, mapping: preview.mapping });
    const first = await finished(caller, id);
    expect(first).toMatchObject({
      status: 'done',
      progress: 100,
      rowsProcessed: 3,
      created: 2,
      updated: 0,
      failed: 1,
      hasFailedRows: true,
    });
    const ana = await tenants.owner
      .selectFrom('brokers')
      .selectAll()
      .where('companyId', '=', tenants.companyA.companyId)
      .where('name', '=', 'Ana Reyes')
      .executeTakeFirstOrThrow();
    expect(ana).toMatchObject({
      companyName: 'Reyes Freight; LLC',
      email: 'ana@reyes.example',
      paymentTerms: 'Net 30',
      notes: 'Prefers calls\r\nbefore noon',
    });

    const failedFile = await download((await caller.imports.failedRowsLink({ id })).url);
    const lines = failedFile.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Contact Name,Brokerage,E-mail,Phone,Terms,Notes,,,error');
    expect(lines[1]).toContain('No Email Person');
    expect(lines[1]).toContain('Row 3, Email: Invalid email address');

    // The same file again: the same two brokers, updated, never duplicated.
    const again = await importFile(admin, 'brokers', 'brokers.csv', fixture('brokers-bom-semicolon.csv'));
    expect(again.summary).toMatchObject({ status: 'done', created: 0, updated: 2, failed: 1 });
    const names = await tenants.owner
      .selectFrom('brokers')
      .select('name')
      .where('companyId', '=', tenants.companyA.companyId)
      .where('name', 'in', ['Ana Reyes', 'Ben Cole'])
      .execute();
    expect(names).toHaveLength(2);
    expect(
      await tenants.owner
        .selectFrom('brokers')
        .select('id')
        .where('companyId', '=', tenants.companyB.companyId)
        .where('name', '=', 'Ana Reyes')
        .execute(),
    ).toEqual([]);

    // Every imported row has its audit entries by the importing user: created, then updated.
    const audit = await tenants.owner
      .selectFrom('auditLogs')
      .select(['action', 'userId'])
      .where('entityType', '=', 'brokers')
      .where('entityId', '=', ana.id)
      .orderBy('createdAt')
      .execute();
    expect(audit[0]).toEqual({ action: 'created', userId: admin.userId });
    expect(audit.every((entry) => entry.userId === admin.userId)).toBe(true);

    const list = await caller.imports.list();
    expect(list.items.map((item) => item.id)).toContain(id);
    // Started once only.
    await expect(caller.imports.run({ id, mapping: preview.mapping })).rejects.toMatchObject({ code: 'CONFLICT' });
  }, 120_000);

  it('reads messy loads: Excel serial, US and ISO dates, $1,250.00, quoted newlines, brokers by name; bad rows fail by row and field', async () => {
    const admin = tenants.companyA.users.admin;
    await createBroker(tenants.services.db, admin, { name: 'Ana Reyes' });
    // A name shared by several brokers finds the oldest (the first test may have imported one).
    const { id: brokerId } = await tenants.owner
      .selectFrom('brokers')
      .select('id')
      .where('companyId', '=', tenants.companyA.companyId)
      .where('name', '=', 'Ana Reyes')
      .orderBy('createdAt')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { id, caller, preview, summary } = await importFile(admin, 'loads', 'loads.csv', fixture('loads-mess.csv'));
    expect(preview.mapping.slice(0, 10)).toEqual([
      'loadNumber',
      'pickupCity',
      'pickupState',
      'deliveryCity',
      'deliveryState',
      'pickupDate',
      'deliveryDate',
      'rate',
      'brokerName',
      'commodity',
    ]);
    expect(preview.rows.find((row) => row.line === 3)?.errors).toEqual([
      { field: 'deliveryDate', label: 'Delivery date', message: 'Delivery date cannot be before the pickup date' },
    ]);
    const fourth = preview.rows.find((row) => row.line === 4)?.errors ?? [];
    expect(fourth).toEqual(
      expect.arrayContaining([
        { field: 'pickupCity', label: 'Pickup city', message: 'Pickup city is required' },
        { field: 'rate', label: 'Rate', message: 'Rate must be a number' },
      ]),
    );
    expect(summary).toMatchObject({ status: 'done', created: 2, failed: 2 });
    const loads = await tenants.owner
      .selectFrom('loads')
      .selectAll()
      .where('companyId', '=', tenants.companyA.companyId)
      .where('loadNumber', 'in', ['L-1001', 'L-1002', 'L-1003'])
      .orderBy('loadNumber')
      .execute();
    expect(loads.map((load) => load.loadNumber)).toEqual(['L-1001', 'L-1002']);
    expect(loads[0]).toMatchObject({ pickupDate: '2025-12-01', deliveryDate: '2025-12-02', rate: '1250.00', brokerId, status: 'pending' });
    expect(loads[1]).toMatchObject({ pickupDate: '2026-11-29', pickupState: 'TX', rate: '980.00', commodity: 'Steel\ncoils' });
    const stops = await tenants.owner
      .selectFrom('loadStops')
      .select(['stopType', 'city'])
      .where('loadId', '=', loads[0]?.id ?? '')
      .orderBy('position')
      .execute();
    expect(stops).toEqual([
      { stopType: 'pickup', city: 'Dallas' },
      { stopType: 'drop', city: 'Houston' },
    ]);
    const failedFile = await download((await caller.imports.failedRowsLink({ id })).url);
    expect(failedFile).toContain('Row 3, Delivery date: Delivery date cannot be before the pickup date');
    expect(failedFile).toContain('Row 4, Pickup city: Pickup city is required');
  }, 120_000);

  it('10,000 rows of one natural key: the last wins, the others count as updates', async () => {
    const admin = tenants.companyA.users.admin;
    const lines = ['Carrier Name,MC#,Contract Signed'];
    for (let index = 1; index <= 10_000; index += 1) lines.push(`Dup Carrier ${index},MC-DUP-1,${index % 2 === 0 ? 'yes' : 'no'}`);
    const { summary } = await importFile(admin, 'carriers', 'dups.csv', `${lines.join('\n')}\n`);
    expect(summary).toMatchObject({ status: 'done', rowsProcessed: 10_000, created: 1, updated: 9_999, failed: 0, hasFailedRows: false });
    const carriers = await tenants.owner
      .selectFrom('carriers')
      .select(['name', 'contractSigned'])
      .where('companyId', '=', tenants.companyA.companyId)
      .where('mcNumber', '=', 'MC-DUP-1')
      .execute();
    expect(carriers).toEqual([{ name: 'Dup Carrier 10000', contractSigned: true }]);
  }, 120_000);

  it('writes a batch while reading the next: 1,250 rows over three batches, bad rows in two of them, every row audited by the importer', async () => {
    const admin = tenants.companyB.users.admin;
    const lines = ['Contact Name,E-mail'];
    for (let index = 1; index <= 1_250; index += 1)
      lines.push(`Pipelined Broker ${index},${index === 600 || index === 1_100 ? 'not-an-email' : `p${index}@pipelined.example`}`);
    const { id, caller, summary } = await importFile(admin, 'brokers', 'pipelined.csv', `${lines.join('\n')}\n`);
    expect(summary).toMatchObject({ status: 'done', rowsProcessed: 1_250, created: 1_248, updated: 0, failed: 2, hasFailedRows: true });
    const written = await tenants.owner
      .selectFrom('brokers')
      .select('id')
      .where('companyId', '=', tenants.companyB.companyId)
      .where('name', 'like', 'Pipelined Broker %')
      .execute();
    expect(written).toHaveLength(1_248);
    const audited = await tenants.owner
      .selectFrom('auditLogs')
      .select(['entityId', 'userId'])
      .where('entityType', '=', 'brokers')
      .where('action', '=', 'created')
      .where(
        'entityId',
        'in',
        written.map((row) => row.id),
      )
      .execute();
    expect(audited).toHaveLength(1_248);
    expect(audited.every((entry) => entry.userId === admin.userId)).toBe(true);
    const failedFile = (await download((await caller.imports.failedRowsLink({ id })).url)).trimEnd().split('\r\n');
    expect(failedFile).toHaveLength(3);
    expect(failedFile.slice(1).join('\n')).toContain('Row 600, Email: Invalid email address');
    expect(failedFile.slice(1).join('\n')).toContain('Row 1100, Email: Invalid email address');
  }, 120_000);

  it('carriers by MC number else name, drivers by email else phone', async () => {
    const admin = tenants.companyA.users.admin;
    const carriers = await importFile(admin, 'carriers', 'carriers.csv', fixture('carriers.csv'));
    expect(carriers.summary).toMatchObject({ created: 2, updated: 1, failed: 0 });
    const swift = await tenants.owner
      .selectFrom('carriers')
      .selectAll()
      .where('companyId', '=', tenants.companyA.companyId)
      .where('mcNumber', '=', 'MC-100200')
      .execute();
    expect(swift).toHaveLength(1);
    expect(swift[0]).toMatchObject({ name: 'Swift Line Renamed', insuranceExpiry: '2027-12-31', contractSigned: true });

    const drivers = await importFile(admin, 'drivers', 'drivers.csv', fixture('drivers.csv'));
    expect(drivers.summary).toMatchObject({ created: 2, failed: 1 });
    expect(drivers.preview.rows[2]?.errors.map((error) => error.field)).toContain('lastName');
    const again = await importFile(admin, 'drivers', 'drivers.csv', fixture('drivers.csv'));
    expect(again.summary).toMatchObject({ created: 0, updated: 2, failed: 1 });
    const dan = await tenants.owner
      .selectFrom('drivers')
      .selectAll()
      .where('companyId', '=', tenants.companyA.companyId)
      .where('phone', '=', '555-030-4001')
      .execute();
    expect(dan).toHaveLength(1);
    expect(dan[0]).toMatchObject({ firstName: 'Dan', lastName: 'Eve', status: 'off_duty', licenseExpiry: '2027-06-30' });
  }, 120_000);

  it('refuses a mapping without a required field naming the mapping, a file that is not text, and a foreign import like a missing one', async () => {
    const admin = tenants.companyA.users.admin;
    const caller = await callerFor(tenants.services, admin);
    const id = await uploaded(admin, 'loads', 'loads.csv', fixture('loads-mess.csv'));
    await expect(caller.imports.run({ id, mapping: ['loadNumber'] })).rejects.toMatchObject({ code: 'BAD_REQUEST', field: 'mapping' });
    const binary = await upload(admin, 'loads', 'loads.csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 1, 2]));
    expect(binary.status).toBe(400);
    const wrongEntity = await upload(admin, 'invoices' as ImportEntity, 'x.csv', 'a,b\n1,2\n');
    expect(wrongEntity.status).toBe(400);
    const other = await callerFor(tenants.services, tenants.companyB.users.admin);
    await expect(other.imports.get({ id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Import not found' });
    await expect(other.imports.preview({ id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Import not found' });
    const dispatcher = await upload(tenants.companyA.users.dispatcher, 'loads', 'loads.csv', fixture('loads-mess.csv'));
    expect(dispatcher.status).toBe(403);
  }, 60_000);
});

describe('arbitrary input', () => {
  it('never answers INTERNAL_SERVER_ERROR (fast-check)', async () => {
    const admin = tenants.companyA.users.admin;
    const caller = await callerFor(tenants.services, admin);
    const id = await uploaded(admin, 'brokers', 'brokers.csv', fixture('brokers-bom-semicolon.csv'));
    const anyId = fc.oneof(fc.constant(id), fc.uuid(), fc.string({ maxLength: 60 }));
    const anyMapping = fc.option(
      fc.array(fc.oneof(fc.constantFrom('', 'name', 'email', 'loadNumber'), fc.string({ maxLength: 60 })), { maxLength: 12 }),
      {
        nil: undefined,
      },
    );
    await fc.assert(
      fc.asyncProperty(anyId, anyMapping, async (given, mapping) => {
        const calls = [
          () => caller.imports.preview({ id: given, mapping }),
          () => caller.imports.run({ id: given, mapping: mapping ?? [] }),
          () => caller.imports.get({ id: given }),
          () => caller.imports.failedRowsLink({ id: given }),
        ];
        for (const call of calls) {
          try {
            await call();
          } catch (error) {
            expect(error).toBeInstanceOf(TRPCError);
            expect((error as TRPCError).code).not.toBe('INTERNAL_SERVER_ERROR');
          }
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});

describe('export → import round trip', () => {
  it("the demo company's CSV export imports into a fresh company unchanged", async () => {
    await seedDemo(tenants.services.db, { onlyIfEmpty: false });
    const demo = await tenants.owner
      .selectFrom('companies')
      .innerJoin('userRoles', 'userRoles.companyId', 'companies.id')
      .innerJoin('users', 'users.id', 'userRoles.userId')
      .select(['companies.id as companyId', 'users.id as userId', 'users.email'])
      .where('companies.name', '=', DEMO_COMPANY)
      .where('userRoles.role', '=', 'admin')
      .where('users.email', '=', 'admin@summit.demo')
      .executeTakeFirstOrThrow();
    const demoAdmin: TestUser = { userId: demo.userId, email: demo.email, companyId: demo.companyId, role: 'admin' };
    const response = await fetch(`${origin}${EXPORT_PATH}`, {
      method: 'POST',
      headers: { origin, cookie: `${SESSION_COOKIE}=${await sessionFor(tenants.services, demoAdmin)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'csv', categories: ['loads', 'drivers', 'brokers', 'carriers'] }),
    });
    expect(response.status).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), 'import-round-trip-'));
    const zip = path.join(dir, 'export.zip');
    writeFileSync(zip, Buffer.from(await response.arrayBuffer()));
    const read = (entry: string) => execFileSync('unzip', ['-p', zip, entry], { maxBuffer: 256 * 1024 * 1024 });

    const fresh = await createTestCompany(tenants.services);
    const admin = fresh.users.admin;
    // Related records first: loads name their broker, driver and carrier.
    for (const entity of ['carriers', 'brokers', 'drivers', 'loads'] as const) {
      const { summary } = await importFile(admin, entity, `${entity}.csv`, read(`${entity}.csv`));
      expect(summary, entity).toMatchObject({ status: 'done', failed: 0 });
    }

    const columns = {
      carriers: ['name', 'mc_number', 'dot_number', 'email', 'phone', 'address', 'insurance_expiry', 'notes', 'contract_signed'],
      brokers: ['name', 'company_name', 'email', 'phone', 'address', 'payment_terms', 'notes'],
      drivers: ['first_name', 'last_name', 'email', 'phone', 'license_number', 'license_expiry', 'status', 'notes'],
      loads: [
        'load_number',
        'reference_number',
        'pickup_location',
        'pickup_city',
        'pickup_state',
        'pickup_date',
        'pickup_notes',
        'delivery_location',
        'delivery_city',
        'delivery_state',
        'delivery_date',
        'delivery_notes',
        'commodity',
        'weight',
        'distance',
        'line_haul',
        'status',
        'equipment_type',
        'temperature',
        'factoring',
        'notes',
        'broker_name',
        'driver_name',
        'carrier_name',
      ],
    } as const;
    for (const [table, names] of Object.entries(columns)) {
      const rowsOf = async (companyId: string) =>
        (
          await sql<Record<string, unknown>>`select ${sql.join(names.map((name) => sql.ref(name)))} from ${sql.table(table)}
            where company_id = ${companyId}`.execute(tenants.owner)
        ).rows
          .map((row) => JSON.stringify(names.map((name) => row[name] ?? null)))
          .sort();
      const before = await rowsOf(demo.companyId);
      expect(before.length, table).toBeGreaterThan(0);
      expect(await rowsOf(fresh.companyId), table).toEqual(before);
    }
  }, 600_000);
});
