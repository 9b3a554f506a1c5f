// Large volumes for benchmarks: `tsx scripts/generate-scale.ts --companies 1000 --loads 1000000`.
// Each company is written in one transaction scoped to it (app.company_id), drivers, brokers,
// carriers and loads with set-based inserts over generate_series, several companies at a time.
// Uses DATABASE_URL, or the running embedded server, or starts it (like `make seed`).
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { hashPassword } from '../server/src/auth/password.js';
import { loadConfig } from '../server/src/config.js';
import { ensureDatabaseExists, prepareDatabase } from '../server/src/db/bootstrap.js';
import { startEmbeddedPostgres } from '../server/src/db/embedded.js';
import { connectOrStartDatabase } from './database-url.js';
import { CITIES, COMMODITIES, DEMO_PASSWORD } from '../server/src/seed/demo-data.js';

export interface CompanyVolume {
  name: string;
  loads: number;
  drivers: number;
  brokers: number;
  carriers: number;
}

export interface GenerateOptions {
  /** One argon2 hash shared by every generated admin (hashing a thousand passwords would take minutes). */
  passwordHash: string;
  /**
   * Skip the audit, realtime and snapshot triggers (generated history is nobody's edit, and a
   * million notices would flood every listening server). Needs a superuser; the snapshots the
   * triggers would write are written by the insert itself, and the analytics roll-ups are
   * recounted once per company (analytics_rollup_rebuild).
   */
  skipTriggers: boolean;
  /** Rows per statement: a 100,000-load company is written in a few statements, not one. */
  chunk?: number;
}

const FIRST_NAMES = ['James', 'Maria', 'Robert', 'Linda', 'Michael', 'Patricia', 'David', 'Jennifer', 'Carlos', 'Aisha', 'Kevin', 'Mei'];
const LAST_NAMES = ['Smith', 'Johnson', 'Garcia', 'Brown', 'Miller', 'Davis', 'Martinez', 'Lopez', 'Wilson', 'Nguyen', 'Patel', 'Okafor'];
const NAME_PARTS = ['Summit', 'Ridge', 'Prairie', 'Coastal', 'Iron', 'Lone Star', 'Great Lakes', 'Blue Mesa', 'Cardinal', 'Timberline'];
const NAME_KINDS = ['Freight', 'Logistics', 'Transport', 'Haulers', 'Carriers', 'Express'];

const cityArrays = {
  names: CITIES.map((city) => city.city),
  states: CITIES.map((city) => city.state),
  lats: CITIES.map((city) => city.lat),
  lngs: CITIES.map((city) => city.lng),
};

export function companyName(index: number): string {
  const part = NAME_PARTS[index % NAME_PARTS.length] ?? 'Summit';
  const kind = NAME_KINDS[Math.floor(index / NAME_PARTS.length) % NAME_KINDS.length] ?? 'Freight';
  return `${part} ${kind} ${String(index + 1).padStart(4, '0')}`;
}

/**
 * Writes one company with its admin, drivers, brokers, carriers and loads in one transaction
 * scoped to it. Loads span the past year, in all six statuses, on real city lanes, with name
 * snapshots of their driver and broker. Reports written loads as it goes.
 */
export async function generateCompany(
  client: pg.PoolClient,
  volume: CompanyVolume,
  options: GenerateOptions,
  onLoads: (written: number) => void = () => {},
): Promise<{ companyId: string; adminId: string }> {
  const companyId = randomUUID();
  const adminId = randomUUID();
  const chunk = options.chunk ?? 50_000;
  await client.query('begin');
  try {
    await client.query(`select set_config('app.company_id', $1, true), set_config('app.user_id', $2, true)`, [companyId, adminId]);
    if (options.skipTriggers) await client.query('set local session_replication_role = replica');
    await client.query(`insert into companies (id, name, email, created_at) values ($1, $2, $3, now() - interval '400 days')`, [
      companyId,
      volume.name,
      `ops@${companyId.slice(0, 8)}.scale.example`,
    ]);
    await client.query(`insert into users (id, email, password_hash, email_verified_at) values ($1, $2, $3, now())`, [
      adminId,
      `admin-${companyId.slice(0, 8)}@scale.example`,
      options.passwordHash,
    ]);
    await client.query(`insert into profiles (user_id, company_id, first_name, last_name) values ($1, $2, 'Scale', 'Admin')`, [
      adminId,
      companyId,
    ]);
    await client.query(`insert into user_roles (user_id, company_id, role) values ($1, $2, 'admin')`, [adminId, companyId]);

    await client.query(
      `insert into drivers (company_id, first_name, last_name, phone, status, gps_consent,
                            current_location_lat, current_location_lng, last_location_update, created_at)
       select $1, ($2::text[])[1 + g % cardinality($2::text[])], ($3::text[])[1 + (g * 7) % cardinality($3::text[])],
              '(555) 01' || lpad((g % 100)::text, 2, '0') || '-' || lpad((g % 10000)::text, 4, '0'),
              (array['available', 'on_route', 'off_duty'])[1 + g % 3], g % 9 <> 0,
              case when g % 9 <> 0 then round(($4::float8[])[1 + g % cardinality($4::float8[])]::numeric, 6) end,
              case when g % 9 <> 0 then round(($5::float8[])[1 + g % cardinality($5::float8[])]::numeric, 6) end,
              case when g % 9 <> 0 then now() - random() * interval '3 days' end,
              now() - random() * interval '400 days'
         from generate_series(1, $6::int) g`,
      [companyId, FIRST_NAMES, LAST_NAMES, cityArrays.lats, cityArrays.lngs, volume.drivers],
    );
    await client.query(
      `insert into brokers (company_id, name, company_name, payment_terms)
       select $1, ($2::text[])[1 + g % cardinality($2::text[])] || ' ' || ($3::text[])[1 + (g * 5) % cardinality($3::text[])],
              'Broker ' || g || ' Logistics', (array['Net 15', 'Net 30', 'Net 45', 'Quick Pay'])[1 + g % 4]
         from generate_series(1, $4::int) g`,
      [companyId, FIRST_NAMES, LAST_NAMES, volume.brokers],
    );
    await client.query(
      `insert into carriers (company_id, name, mc_number, dot_number)
       select $1, 'Carrier ' || g || ' Trucking LLC', 'MC-' || (500000 + g * 37 % 700000), (1000000 + g * 7919 % 3000000)::text
         from generate_series(1, $2::int) g`,
      [companyId, volume.carriers],
    );

    for (let start = 1; start <= volume.loads; start += chunk) {
      const end = Math.min(volume.loads, start + chunk - 1);
      await client.query(
        `with drivers_of as (
           select array_agg(id order by id) as ids, array_agg(first_name || ' ' || last_name order by id) as names
             from drivers where company_id = $1
         ),
         brokers_of as (select array_agg(id order by id) as ids, array_agg(name order by id) as names from brokers where company_id = $1),
         picks as (
           select g, random() as age, random() as roll, random() as price,
                  1 + floor(random() * cardinality($5::text[]))::int as origin,
                  floor(random() * (cardinality($5::text[]) - 1))::int as offset_to
             from generate_series($2::int, $3::int) g
         ),
         lanes as (
           select picks.*, 1 + (origin + offset_to) % cardinality($5::text[]) as destination,
                  now() - picks.age * interval '365 days' as created,
                  picks.age * 365 as days
             from picks
         ),
         shaped as (
           select lanes.*,
                  greatest(40, round(1.18 * 3958.76 * 2 * asin(sqrt(
                    power(sin(radians(($7::float8[])[destination] - ($7::float8[])[origin]) / 2), 2) +
                    cos(radians(($7::float8[])[origin])) * cos(radians(($7::float8[])[destination])) *
                    power(sin(radians(($8::float8[])[destination] - ($8::float8[])[origin]) / 2), 2))))) as miles,
                  case
                    when days < 1 then (array['pending', 'pending', 'assigned', 'picked'])[1 + floor(roll * 4)::int]
                    when days < 3 then (array['pending', 'assigned', 'picked', 'in_transit', 'in_transit'])[1 + floor(roll * 5)::int]
                    when days < 10 then (array['in_transit', 'delivered', 'delivered', 'delivered', 'cancelled'])[1 + floor(roll * 5)::int]
                    when roll < 0.93 then 'delivered'
                    else 'cancelled'
                  end as status
             from lanes
         )
         insert into loads (company_id, load_number, pickup_location, pickup_city, pickup_state, pickup_date,
                            delivery_location, delivery_city, delivery_state, delivery_date, commodity, weight, distance, rate,
                            driver_id, driver_name, broker_id, broker_name, created_by, status, status_updated_at, created_at)
         select $1, 'LD-' || lpad(g::text, 7, '0'),
                (100 + g % 9800) || ' Commerce Dr', ($5::text[])[origin], ($6::text[])[origin], created::date,
                (100 + g * 7 % 9800) || ' Distribution Way', ($5::text[])[destination], ($6::text[])[destination],
                created::date + greatest(1, ceil(miles / 520))::int,
                ($4::text[])[1 + g % cardinality($4::text[])], 8000 + g * 131 % 36000, miles,
                round(miles * (1.85 + 260 / miles + price * 0.7) / 25) * 25,
                case when status <> 'pending' then drivers_of.ids[1 + g % cardinality(drivers_of.ids)] end,
                case when status <> 'pending' then drivers_of.names[1 + g % cardinality(drivers_of.names)] end,
                brokers_of.ids[1 + g % cardinality(brokers_of.ids)], brokers_of.names[1 + g % cardinality(brokers_of.names)],
                $9, status, case when status <> 'pending' then created + interval '6 hours' end, created
           from shaped, drivers_of, brokers_of`,
        [companyId, start, end, [...COMMODITIES], cityArrays.names, cityArrays.states, cityArrays.lats, cityArrays.lngs, adminId],
      );
      onLoads(end - start + 1);
    }
    // The analytics roll-ups' triggers were skipped with the others: the company's loads counted once, set-based.
    if (options.skipTriggers) await client.query('select analytics_rollup_rebuild($1)', [companyId]);
    await client.query('commit');
    return { companyId, adminId };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

/** Whether this connection may skip triggers (session_replication_role needs a superuser). */
export async function canSkipTriggers(client: pg.PoolClient): Promise<boolean> {
  const { rows } = await client.query<{ rolsuper: boolean }>('select rolsuper from pg_roles where rolname = current_user');
  return rows[0]?.rolsuper === true;
}

/** Splits `total` loads over `companies`, unevenly (as real tenants are) but summing exactly. */
export function spreadLoads(total: number, companies: number): number[] {
  const weights = Array.from({ length: companies }, (_, index) => 0.5 + ((index * 7919) % 1000) / 1000);
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((weight) => Math.floor((total * weight) / sum));
  let remainder = total - counts.reduce((a, b) => a + b, 0);
  for (let index = 0; remainder > 0; index = (index + 1) % companies, remainder -= 1) counts[index] = (counts[index] ?? 0) + 1;
  return counts;
}

const number = (value: number) => value.toLocaleString('en-US');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      companies: { type: 'string', default: '1000' },
      loads: { type: 'string', default: '1000000' },
      drivers: { type: 'string', default: '25' },
      brokers: { type: 'string', default: '10' },
      carriers: { type: 'string', default: '5' },
      parallel: { type: 'string', default: '4' },
      'with-triggers': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(
      'Usage: tsx scripts/generate-scale.ts [--companies 1000] [--loads 1000000] [--drivers 25] [--brokers 10] [--carriers 5] [--parallel 4] [--with-triggers]',
    );
    return;
  }
  const positive = (name: string, text: string) => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number of at least 1 (got "${text}")`);
    return value;
  };
  const companies = positive('companies', values.companies);
  const totalLoads = positive('loads', values.loads);
  const parallel = Math.min(positive('parallel', values.parallel), companies);
  const perCompany = {
    drivers: positive('drivers', values.drivers),
    brokers: positive('brokers', values.brokers),
    carriers: positive('carriers', values.carriers),
  };

  const config = loadConfig();
  const { ownerUrl, stop } = await connectOrStartDatabase(config, startEmbeddedPostgres);
  await ensureDatabaseExists(ownerUrl);
  const migrator = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: ownerUrl, max: 1 }) }) });
  await prepareDatabase(migrator, config.APP_DB_PASSWORD);
  await migrator.destroy();

  const pool = new pg.Pool({ connectionString: ownerUrl, max: parallel });
  let closing = false;
  pool.on('error', (error) => {
    if (!closing) console.error(`database connection error: ${error.message}`);
  });
  try {
    const probe = await pool.connect();
    const superuser = await canSkipTriggers(probe).finally(() => probe.release());
    const skipTriggers = !values['with-triggers'] && superuser;
    if (!values['with-triggers'] && !superuser)
      console.warn('Not a superuser: triggers stay on (audit rows and realtime notices are written too).');
    const options: GenerateOptions = { passwordHash: await hashPassword(DEMO_PASSWORD), skipTriggers };
    const volumes = spreadLoads(totalLoads, companies);
    console.log(
      `Generating ${number(companies)} companies and ${number(totalLoads)} loads (${parallel} at a time, triggers ${skipTriggers ? 'skipped' : 'on'}). Admin password: ${DEMO_PASSWORD}`,
    );

    const started = Date.now();
    let written = 0;
    let finished = 0;
    let next = 0;
    let lastReport = 0;
    const report = (force = false) => {
      const now = Date.now();
      if (!force && now - lastReport < 2000) return;
      lastReport = now;
      const seconds = (now - started) / 1000;
      const rate = written / Math.max(seconds, 0.001);
      const eta = rate > 0 ? (totalLoads - written) / rate : 0;
      console.log(
        `  ${number(finished)}/${number(companies)} companies, ${number(written)}/${number(totalLoads)} loads (${Math.floor((written / totalLoads) * 100)}%), ${number(Math.round(rate))} loads/s, ${seconds.toFixed(0)}s elapsed, ~${eta.toFixed(0)}s left`,
      );
    };
    const worker = async () => {
      const client = await pool.connect();
      try {
        for (let index = next++; index < companies; index = next++) {
          const volume = { name: companyName(index), loads: volumes[index] ?? 0, ...perCompany };
          await generateCompany(client, volume, options, (count) => {
            written += count;
            report();
          });
          finished += 1;
        }
      } finally {
        client.release();
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
    report(true);
    console.log('Updating planner statistics...');
    await pool.query('analyze companies, drivers, brokers, carriers, loads');
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)}s.`);
  } finally {
    closing = true;
    await pool.end();
    await stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
