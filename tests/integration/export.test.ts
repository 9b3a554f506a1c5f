import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_PATH } from '#shared/schemas/export.js';
import { SESSION_COOKIE } from '../../server/src/services/lucia.js';
import { csvLine } from '../../server/src/domains/export/export-categories.js';
import { columnsOf, csvLineSql } from '../../server/src/domains/export/export-stream.js';
import { createBroker, createDriver, createLoad, createTestCompany, type TestUser } from '../support/factories.js';
import { listen, sessionFor } from '../support/harness.js';
import { useTenants } from '../support/tenants.js';

const tenants = useTenants();
let app: FastifyInstance;
let origin: string;
const audit: string[] = [];
const aLoads: string[] = [];

beforeAll(async () => {
  ({ app, origin } = await listen(tenants.services));
  const log = tenants.services.log;
  const info = log.info;
  log.info = (message: string) => {
    audit.push(message);
    info(message);
  };
  // The same names in both companies: only company A's rows may appear in A's export.
  for (const company of [tenants.companyA, tenants.companyB]) {
    const admin = company.users.admin;
    await createDriver(tenants.services.db, admin, { firstName: 'Rosa', lastName: 'Same' });
    await createBroker(tenants.services.db, admin, { name: 'Same Broker, "Quoted"' });
    for (const number of ['EXP-1', 'EXP-2', 'EXP-3']) {
      const id = await createLoad(tenants.services.db, admin, { loadNumber: number });
      if (company === tenants.companyA) aLoads.push(id);
      if (company === tenants.companyB) break;
    }
  }
});
afterAll(async () => {
  await app?.close();
});

async function post(user: TestUser | null, body: unknown, headers: Record<string, string> = {}) {
  const cookie = user ? `${SESSION_COOKIE}=${await sessionFor(tenants.services, user)}` : '';
  return fetch(`${origin}${EXPORT_PATH}`, {
    method: 'POST',
    headers: { origin, cookie, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const idsOf = async (table: string, companyId: string) =>
  (await tenants.owner.selectFrom(table).select('id').where('companyId', '=', companyId).execute())
    .map((row: { id: string }) => row.id)
    .sort();
const tableExists = async (table: string) =>
  Boolean(
    (await sql<{ found: string | null }>`select to_regclass(${`public.${table}`})::text as found`.execute(tenants.owner)).rows[0]?.found,
  );

describe('POST /api/export', () => {
  it("JSON (the default format, every category but auditLogs) holds exactly the company's rows", async () => {
    const response = await post(tenants.companyA.users.admin, {
      categories: ['loads', 'drivers', 'brokers', 'carriers', 'invoices', 'documents', 'messages'],
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="haulwise-export-\d{4}-\d{2}-\d{2}\.json"$/);
    const body = (await response.json()) as {
      company: { id: string; name: string };
      categories: string[];
      skipped: { category: string }[];
      data: Record<string, { id: string; company_id: string; load_number?: string }[]>;
    };
    expect(body.company).toEqual({ id: tenants.companyA.companyId, name: tenants.companyA.name });
    expect(body.data.loads?.map((row) => row.id).sort()).toEqual(await idsOf('loads', tenants.companyA.companyId));
    expect(body.data.loads?.map((row) => row.load_number).sort()).toEqual(['EXP-1', 'EXP-2', 'EXP-3']);
    expect(body.data.drivers?.map((row) => row.id).sort()).toEqual(await idsOf('drivers', tenants.companyA.companyId));
    expect(body.data.brokers?.map((row) => row.id).sort()).toEqual(await idsOf('brokers', tenants.companyA.companyId));
    for (const rows of Object.values(body.data)) for (const row of rows) expect(row.company_id).toBe(tenants.companyA.companyId);
    expect(body.data).not.toHaveProperty('auditLogs');
    expect(JSON.stringify(body)).not.toContain(tenants.companyB.companyId);
    expect(body.data.loads?.[0]).not.toHaveProperty('search_text');
    // A category whose table does not exist yet is skipped with a note, not an error.
    for (const category of ['invoices', 'documents', 'messages'] as const) {
      const exists = await tableExists(category);
      expect(body.categories.includes(category)).toBe(exists);
      expect(body.skipped.some((entry) => entry.category === category)).toBe(!exists);
    }
    expect(
      audit.some((line) =>
        line.startsWith(`audit export: user ${tenants.companyA.users.admin.userId} company ${tenants.companyA.companyId} json`),
      ),
    ).toBe(true);
  });

  it("is audited: an 'exported' entry (entity type export) in the export's transaction, with its format, categories and rows, on the audit log screen", async () => {
    const admin = tenants.companyA.users.admin;
    const exportsOf = () =>
      tenants.owner
        .selectFrom('auditLogs')
        .selectAll()
        .where('companyId', '=', tenants.companyA.companyId)
        .where('entityType', '=', 'export');
    const earlier = (await exportsOf().execute()).map((entry) => entry.id);
    const response = await post(admin, { format: 'json', categories: ['loads', 'brokers'] });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    // The last byte leaves before the export's transaction commits: wait for the commit.
    let entries: Awaited<ReturnType<ReturnType<typeof exportsOf>['execute']>> = [];
    for (let attempt = 0; attempt < 50 && entries.length === 0; attempt += 1) {
      entries = (await exportsOf().execute()).filter((entry) => !earlier.includes(entry.id));
      if (entries.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(entries).toHaveLength(1);
    const loads = (await idsOf('loads', tenants.companyA.companyId)).length;
    const brokers = (await idsOf('brokers', tenants.companyA.companyId)).length;
    expect(entries[0]).toMatchObject({ action: 'exported', userId: admin.userId });
    // (changes.changed_fields, read here through the camel-casing owner handle)
    expect(entries[0]?.changes).toEqual({
      changedFields: {
        format: { old: null, new: 'json' },
        categories: { old: null, new: ['loads', 'brokers'] },
        rows: { old: null, new: { loads, brokers } },
      },
    });
    // The audit log screen lists it under its own action and entity type; company B's does not.
    const listed = await (await tenants.as('admin')).audit.list({ action: 'exported', entityType: 'export' });
    expect(listed.items.map((entry) => entry.entityId)).toContain(entries[0]?.entityId);
    expect(listed.items.every((entry) => entry.action === 'exported' && entry.companyId === tenants.companyA.companyId)).toBe(true);
    const other = await (await tenants.as('admin', tenants.companyB)).audit.list({ action: 'exported' });
    expect(other.items.map((entry) => entry.entityId)).not.toContain(entries[0]?.entityId);
  });

  it('CSV: a zip with one file per category and a manifest, the same rows, quoted where needed', async () => {
    const response = await post(tenants.companyA.users.admin, { format: 'csv', categories: ['loads', 'brokers', 'auditLogs'] });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const dir = mkdtempSync(path.join(tmpdir(), 'export-'));
    const file = path.join(dir, 'export.zip');
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const listing = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n').sort();
    expect(listing).toEqual(['auditLogs.csv', 'brokers.csv', 'loads.csv', 'manifest.json']);
    const read = (entry: string) => execFileSync('unzip', ['-p', file, entry], { encoding: 'utf8' });
    const loads = read('loads.csv').trimEnd().split('\r\n');
    expect(loads[0]?.split(',')).toContain('load_number');
    expect(loads).toHaveLength(1 + aLoads.length);
    for (const id of aLoads) expect(loads.some((line) => line.startsWith(`${id},`))).toBe(true);
    expect(read('brokers.csv')).toContain('"Same Broker, ""Quoted"""');
    const everything = listing.map(read).join('\n');
    expect(everything).not.toContain(tenants.companyB.companyId);
    const auditRows = read('auditLogs.csv').trimEnd().split('\r\n');
    expect(auditRows.length).toBeGreaterThan(1 + aLoads.length);
    expect(JSON.parse(read('manifest.json'))).toMatchObject({ format: 'csv', rows: { loads: aLoads.length } });
  });

  it('CSV lines built by PostgreSQL are exactly what csvLine() writes from the values: formulas, quotes, commas, line breaks, nulls, times', async () => {
    const company = await createTestCompany(tenants.services);
    const admin = company.users.admin;
    const id = await createLoad(tenants.services.db, admin, { loadNumber: '=HYPERLINK("x")' });
    await tenants.owner
      .updateTable('loads')
      .set({
        referenceNumber: '+1, "two"',
        notes: 'line one\r\nline two',
        pickupNotes: '@mention',
        deliveryNotes: '\ttab',
        commodity: '-minus',
        factoring: true,
        deliveryDate: '2026-02-03',
        weight: '0.50',
        statusUpdatedAt: new Date('2026-01-02T03:04:05.678Z'),
      })
      .where('id', '=', id)
      .execute();
    await createLoad(tenants.services.db, admin, { rate: null, loadNumber: 'PLAIN' });
    const response = await post(admin, { format: 'csv', categories: ['loads'] });
    expect(response.status).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), 'export-'));
    const file = path.join(dir, 'export.zip');
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const text = execFileSync('unzip', ['-p', file, 'loads.csv'], { encoding: 'utf8' });
    const header = (text.split('\r\n')[0] ?? '').split(',');
    const rows = await sql<Record<string, unknown>>`select ${sql.join(header.map((column) => sql.ref(column)))} from loads
      where company_id = ${company.companyId} order by created_at, id`.execute(tenants.owner);
    expect(rows.rows).toHaveLength(2);
    expect(text).toBe(csvLine(header) + rows.rows.map((row) => csvLine(Object.values(row))).join(''));
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(text).toContain('2026-01-02T03:04:05.678Z');
    // The lines came from PostgreSQL: every column of loads has a SQL form (else JavaScript writes them, as before).
    expect(csvLineSql(await columnsOf(tenants.owner as never, 'loads', ['search_text']))).not.toBeNull();
  });

  it('admins only: others are refused, and so are a visitor, another origin and an unknown category', async () => {
    for (const persona of ['sales', 'dispatcher', 'treasury', 'driver'] as const) {
      const response = await post(tenants.companyA.users[persona], { categories: ['loads'] });
      expect(response.status, persona).toBe(403);
    }
    expect((await post(null, { categories: ['loads'] })).status).toBe(401);
    expect((await post(tenants.companyA.users.admin, { categories: ['loads'] }, { origin: 'https://evil.example' })).status).toBe(403);
    const bad = await post(tenants.companyA.users.admin, { categories: ['users'] });
    expect(bad.status).toBe(400);
    expect(await post(tenants.companyA.users.admin, { categories: [] }).then((response) => response.json())).toEqual({
      error: { message: 'Choose at least one category' },
    });
  });

  it('streams a large export in flat memory (measured and printed)', async () => {
    const big = await createTestCompany(tenants.services);
    const rows = 20_000;
    await sql`
      insert into loads (company_id, load_number, pickup_location, pickup_city, pickup_state, delivery_location, delivery_city, delivery_state, rate, status, commodity, notes)
      select ${big.companyId}, 'BULK-' || n, '1200 Industrial Pkwy', 'Dallas', 'TX', '88 Harbor Rd', 'Atlanta', 'GA', 1000 + n % 500, 'delivered', 'Paper products',
             repeat('note ', 40)
      from generate_series(1, ${rows}) as n`.execute(tenants.owner);
    // Live heap, not garbage: measured after a forced collection every few chunks.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const live = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const baseline = live();
    let peak = baseline;
    const started = performance.now();
    const response = await post(big.users.admin, { categories: ['loads'] });
    expect(response.status).toBe(200);
    let bytes = 0;
    let chunks = 0;
    let tail = '';
    const reader = response.body?.getReader();
    for (;;) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      bytes += chunk.value.byteLength;
      chunks += 1;
      tail = Buffer.from(chunk.value.subarray(-16)).toString('utf8');
      if (chunks % 25 === 0) peak = Math.max(peak, live());
    }
    const seconds = (performance.now() - started) / 1000;
    const growth = (peak - baseline) / 1024 / 1024;
    console.info(
      `export: ${rows} loads, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${seconds.toFixed(2)} s = ${Math.round(rows / seconds)} rows/s; heap growth ${growth.toFixed(1)} MB`,
    );
    expect(tail.endsWith(']}}')).toBe(true);
    expect(bytes).toBeGreaterThan(rows * 400);
    // The live heap stays flat while tens of megabytes stream out: rows go out batch by batch.
    expect(growth).toBeLessThan(bytes / 1024 / 1024 / 4);

    // A reader that goes away mid-export: the export's transaction rolls back, and the attempt is audited on its own.
    const before = new Date(Date.now() - 1000);
    const cookie = `${SESSION_COOKIE}=${await sessionFor(tenants.services, big.users.admin)}`;
    await new Promise<void>((resolve, reject) => {
      const request = httpRequest(`${origin}${EXPORT_PATH}`, {
        method: 'POST',
        agent: false,
        headers: { origin, cookie, 'content-type': 'application/json' },
      });
      request.on('response', (response) => {
        expect(response.statusCode).toBe(200);
        // The first bytes of the zip arrive, then the reader goes away (its connection closed).
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
      request.end(JSON.stringify({ format: 'csv', categories: ['loads'] }));
    });
    type Entry = { changes: { changedFields?: Record<string, { new: unknown }> } };
    let failed: Entry | undefined;
    for (let attempt = 0; attempt < 100 && !failed; attempt += 1) {
      // The JSON export above commits its own entry as its last byte leaves: look for the failed one.
      const entries: Entry[] = await tenants.owner
        .selectFrom('auditLogs')
        .select('changes')
        .where('companyId', '=', big.companyId)
        .where('action', '=', 'exported')
        .where('createdAt', '>=', before)
        .execute();
      failed = entries.find((entry) => entry.changes.changedFields?.failed !== undefined);
      if (!failed) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(failed?.changes.changedFields).toMatchObject({
      format: { new: 'csv' },
      categories: { new: ['loads'] },
      failed: { new: expect.stringContaining('went away') },
    });
  }, 120_000);
});
