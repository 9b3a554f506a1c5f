import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompany } from '../../server/src/db/with-company.js';
import * as statementTriggers from '../../migrations/2026-11-29T1610_statement_insert_triggers.js';
import { createTestCompany, ownerDb, startTestServices, type TestCompany } from '../support/harness.js';
import { testDatabaseUrl } from '../support/databases.js';

/**
 * migrations/2026-11-29T1610_statement_insert_triggers: an INSERT into brokers or loads audits,
 * notifies, tells the assigned driver and emits webhook events once per statement, over its new
 * rows. The same multi-row statements are run twice on this file's own database, into two
 * companies alike: once with the statement triggers, once after the migration's `down` (the row
 * triggers, row by row), and what each left must be the same: the audit_logs rows, the live
 * notices on haulwise_events (each table's in the same order), the notifications and the
 * webhook deliveries, the ids of each company's records read as names.
 */

let started: Awaited<ReturnType<typeof startTestServices>>;
let owner: Kysely<any>;
let listener: pg.Client;
const notices: Record<string, unknown>[] = [];
let statementCompany: TestCompany;
let rowCompany: TestCompany;

beforeAll(async () => {
  started = await startTestServices();
  owner = ownerDb();
  listener = new pg.Client({ connectionString: await testDatabaseUrl() });
  await listener.connect();
  listener.on('notification', (message) => {
    if (message.channel === 'haulwise_events' && message.payload) notices.push(JSON.parse(message.payload) as Record<string, unknown>);
  });
  await listener.query('listen haulwise_events');
  [statementCompany, rowCompany] = await Promise.all([createTestCompany(started.services), createTestCompany(started.services)]);
});
afterAll(async () => {
  await listener?.end();
  await owner?.destroy();
  await started?.close();
});

interface Written {
  /** Each id of the company's records (the company, its users, brokers, drivers, loads, endpoint) and its name. */
  names: Map<string, string>;
}

/** A company's driver with an account, one without, a broker, an endpoint for load events; then the statements. */
async function writeInOneStatementEach(company: TestCompany): Promise<Written> {
  const names = new Map<string, string>([[company.companyId, 'company']]);
  for (const [persona, user] of Object.entries(company.users)) names.set(user.userId, persona);
  const drivers = await owner
    .insertInto('drivers')
    .values([
      { companyId: company.companyId, firstName: 'Rosa', lastName: 'Account', userId: company.users.driver.userId },
      { companyId: company.companyId, firstName: 'Rafe', lastName: 'Paper' },
    ])
    .returning(['id', 'lastName'])
    .execute();
  for (const driver of drivers) names.set(driver.id, `driver ${driver.lastName}`);
  const [withAccount, withoutAccount] = drivers.map((driver) => driver.id) as [string, string];
  const endpoint = await owner
    .insertInto('webhookEndpoints')
    .values({
      companyId: company.companyId,
      url: 'http://127.0.0.1:9/hooks',
      events: ['load.created', 'load.assigned'],
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      // Disabled after the statements: the deliveries are written, the worker sends none.
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  names.set(endpoint.id, 'endpoint');

  const dispatcher = company.users.dispatcher;
  await withCompany(started.services.db, { companyId: company.companyId, userId: dispatcher.userId }, async (tx) => {
    const brokers = await tx
      .insertInto('brokers')
      .values([
        { companyId: company.companyId, name: 'Northbound Logistics', email: 'ops@northbound.example', paymentTerms: 'Net 30' },
        { companyId: company.companyId, name: 'Southern Freight', mcNumber: '123456', detentionRate: '45.00' },
        { companyId: company.companyId, name: 'Westline', notes: 'Calls first', phone: '555-010-2000' },
      ])
      .returning(['id', 'name'])
      .execute();
    for (const broker of brokers) names.set(broker.id, `broker ${broker.name}`);
    const lane = {
      companyId: company.companyId,
      pickupLocation: '1200 Industrial Pkwy, Dallas, TX',
      pickupCity: 'Dallas',
      pickupState: 'TX',
      pickupDate: '2026-12-01',
      deliveryLocation: '88 Harbor Rd, Atlanta, GA',
      deliveryCity: 'Atlanta',
      deliveryState: 'GA',
      deliveryDate: '2026-12-03',
      createdBy: dispatcher.userId,
    };
    const loads = await tx
      .insertInto('loads')
      .values([
        { ...lane, loadNumber: 'STMT-1', rate: '1850.00', lineHaul: '1850.00', commodity: 'Paper products', weight: '42000.00' },
        { ...lane, loadNumber: 'STMT-2', status: 'assigned', driverId: withAccount, brokerId: brokers[0]?.id, referenceNumber: 'PO-77' },
        { ...lane, loadNumber: 'STMT-3', status: 'assigned', driverId: withoutAccount, equipmentType: 'reefer', temperature: '34.0' },
      ])
      .returning(['id', 'loadNumber'])
      .execute();
    for (const load of loads) names.set(load.id, `load ${load.loadNumber}`);
    await tx
      .insertInto('loadStops')
      .values(
        loads.flatMap((load) => [
          {
            companyId: company.companyId,
            loadId: load.id,
            position: 0,
            stopType: 'pickup',
            address: lane.pickupLocation,
            city: 'Dallas',
            state: 'TX',
          },
          {
            companyId: company.companyId,
            loadId: load.id,
            position: 1,
            stopType: 'drop',
            address: lane.deliveryLocation,
            city: 'Atlanta',
            state: 'GA',
          },
        ]),
      )
      .execute();
  });
  await owner.updateTable('webhookEndpoints').set({ enabled: false }).where('id', '=', endpoint.id).execute();
  return { names };
}

/** A value with each of the company's ids replaced by its name, and the moments dropped. */
function named(value: unknown, names: Map<string, string>): unknown {
  let text = JSON.stringify(value);
  for (const [id, name] of names) text = text.split(id).join(`<${name}>`);
  return JSON.parse(text.replace(/msg_[0-9a-f]{32}/g, '<event id>').replace(/"timestamp":"[^"]*"/g, '"timestamp":"<now>"'));
}

/** What the statements left for the company: its audit entries, notices by table, notifications, webhook deliveries. */
async function leftBy(company: TestCompany, written: Written) {
  const audit = await owner
    .selectFrom('auditLogs')
    .select(['entityType', 'entityId', 'action', 'userId', 'changes', 'apiKeyId'])
    .where('companyId', '=', company.companyId)
    .where('entityType', 'in', ['brokers', 'loads'])
    .execute();
  const notifications = await owner
    .selectFrom('notifications')
    .select(['userId', 'kind', 'title', 'body', 'link', 'entityId'])
    .where('companyId', '=', company.companyId)
    .execute();
  const deliveries = await owner
    .selectFrom('webhookDeliveries')
    .select(['endpointId', 'eventType', 'payload'])
    .where('companyId', '=', company.companyId)
    .execute();
  const ours = notices.filter((notice) => notice.company_id === company.companyId);
  const byTable = (table: string) => ours.filter((notice) => notice.table === table);
  const sorted = (items: unknown[]) =>
    items.map((item) => named(item, written.names)).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  return {
    audit: sorted(audit),
    notices: {
      brokers: named(byTable('brokers'), written.names),
      loads: named(byTable('loads'), written.names),
      notifications: byTable('notifications').length,
    },
    notifications: sorted(notifications),
    deliveries: sorted(deliveries),
  };
}

async function heard(company: TestCompany, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (notices.filter((notice) => notice.company_id === company.companyId).length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The INSERT triggers of brokers and loads, and whether each fires per row. */
async function insertTriggers(): Promise<{ table: string; name: string; perRow: boolean }[]> {
  const result = await sql<{ table: string; name: string; perRow: boolean }>`
    select c.relname as "table", t.tgname as name, (t.tgtype & 1) = 1 as "perRow"
    from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where c.relname in ('brokers', 'loads', 'load_stops') and not t.tgisinternal and (t.tgtype & 4) = 4
      and t.tgname not like 'loads_analytics%'
    order by 1, 2`.execute(owner);
  return result.rows;
}

describe('INSERT triggers of brokers and loads per statement', () => {
  it('fire once per statement after the row; the BEFORE row triggers stay', async () => {
    expect(await insertTriggers()).toEqual([
      { table: 'brokers', name: 'brokers_audit_insert', perRow: false },
      { table: 'brokers', name: 'brokers_notify_insert', perRow: false },
      { table: 'loads', name: 'loads_audit_insert', perRow: false },
      { table: 'loads', name: 'loads_before_write', perRow: true },
      { table: 'loads', name: 'loads_dispatcher_name', perRow: true },
      { table: 'loads', name: 'loads_equipment', perRow: true },
      { table: 'loads', name: 'loads_notify_insert', perRow: false },
      { table: 'loads', name: 'loads_to_notifications_insert', perRow: false },
      { table: 'loads', name: 'loads_webhook_events_insert', perRow: false },
    ]);
  });

  it('leave the same audit entries, notices, notifications and webhook events as the row triggers did', async () => {
    const perStatement = await writeInOneStatementEach(statementCompany);
    // brokers 3, loads 3, the driver's notification 1
    await heard(statementCompany, 7);

    await statementTriggers.down(owner);
    try {
      expect((await insertTriggers()).filter((trigger) => !trigger.perRow)).toEqual([]);
      const perRow = await writeInOneStatementEach(rowCompany);
      await heard(rowCompany, 7);

      const got = await leftBy(statementCompany, perStatement);
      const want = await leftBy(rowCompany, perRow);
      expect(got).toEqual(want);
      // What there is to compare: each row's entry, notice and event.
      expect(got.audit).toHaveLength(6);
      expect(got.audit).toContainEqual({
        entityType: 'loads',
        entityId: '<load STMT-2>',
        action: 'created',
        userId: '<dispatcher>',
        apiKeyId: null,
        // (the owner connection's CamelCasePlugin names the keys of the changes in camel case)
        changes: {
          changedFields: expect.objectContaining({
            loadNumber: { old: null, new: 'STMT-2' },
            driverId: { old: null, new: '<driver Account>' },
            driverName: { old: null, new: 'Rosa Account' },
            brokerName: { old: null, new: 'Northbound Logistics' },
            status: { old: null, new: 'assigned' },
          }),
        },
      });
      expect(got.notices.brokers).toHaveLength(3);
      expect(got.notices.loads).toHaveLength(3);
      expect(got.notices.notifications).toBe(1);
      expect(got.notifications).toEqual([
        expect.objectContaining({ userId: '<driver>', kind: 'load_assigned', title: 'Load STMT-2 assigned to you' }),
      ]);
      // load.created for each, load.assigned for the two with a driver
      expect(got.deliveries).toHaveLength(5);
    } finally {
      await statementTriggers.up(owner);
    }
    expect((await insertTriggers()).filter((trigger) => trigger.perRow).map((trigger) => trigger.name)).toEqual([
      'loads_before_write',
      'loads_dispatcher_name',
      'loads_equipment',
    ]);
  });
});
