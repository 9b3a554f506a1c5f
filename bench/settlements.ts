// `tsx bench/settlements.ts`: settling one week (issue 30: "settling one week for 500 drivers with
// 5,000 loads runs beside the same sums in one SQL statement; goal under 2 s and within 3x of that
// floor"). A fresh embedded PostgreSQL and the real services; one generated company with
// BENCH_SETTLE_DRIVERS drivers (default 500), each with a pay profile (loaded mile, total mile,
// % of line haul, % of rate, flat in turn), half with a recurring deduction, and BENCH_SETTLE_LOADS
// delivered loads (default 5,000) spread over the week across nine cities (empty miles estimated
// from the previous delivery). Side by side, BENCH_SETTLE_RUNS times (default 5):
//   - ours: settlements.openPeriod through the real procedure as the company's treasury member:
//     the week's loads gathered (with their miles, accessorials, stops and the previous delivery),
//     profiles and deductions read, the pay rules applied in exact cents, 500 draft settlements
//     and their lines written in batches, each row audited and told to the live feed by triggers;
//     before each run the owner deletes the week's drafts (as a refresh would start over);
//   - floor: one SQL statement as the owner computing the same per-driver sums (the profile in
//     force on the delivery day, each load's pay rounded to the cent, the deductions): no writes.
// The row records the median of ours beside the floor's median; goal < 2 s and <= 3x the floor.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfig } from '../server/src/config.js';
import { createServices, type StartedServices } from '../server/src/create-services.js';
import { startEmbeddedPostgres } from '../server/src/db/embedded.js';
import { canSkipTriggers, companyName, generateCompany } from '../scripts/generate-scale.js';
import { recordResults, type BenchRow } from './results.js';
import { addMember, callerAs, freePort, median } from './support.js';

const DRIVERS = Number(process.env.BENCH_SETTLE_DRIVERS ?? 500);
const LOADS = Number(process.env.BENCH_SETTLE_LOADS ?? 5000);
const RUNS = Number(process.env.BENCH_SETTLE_RUNS ?? 5);
const GOAL_MS = 2000;
const GOAL_RATIO = 3;
const APP_PASSWORD = 'haulwise-bench-app';
/** A Monday (the default week start), in the past so every delivery is settled. */
const WEEK = '2026-11-16';

/** The floor: the same sums, one statement, no writes. */
const FLOOR_SQL = `
  with delivered as (
    select l.id, l.driver_id, l.rate, l.line_haul, l.distance,
      (coalesce(l.status_updated_at, l.updated_at) at time zone c.time_zone)::date as delivered_on,
      coalesce((select sum(a.amount) from load_accessorials a where a.company_id = l.company_id and a.load_id = l.id), 0) as accessorials
    from loads l join companies c on c.id = l.company_id
    where l.company_id = $1 and l.status = 'delivered' and l.driver_id is not null
      and (coalesce(l.status_updated_at, l.updated_at) at time zone c.time_zone)::date <= $2::date
      and not exists (select 1 from settlement_lines s where s.company_id = l.company_id and s.load_id = l.id and s.kind = 'load_pay')),
  paid as (
    select d.driver_id,
      round(case p.pay_basis
        when 'loaded_mile' then d.distance * p.rate
        when 'total_mile' then d.distance * p.rate
        when 'line_haul_percent' then coalesce(d.line_haul, greatest(d.rate - d.accessorials, 0)) * p.rate / 100
        when 'rate_percent' then d.rate * p.rate / 100
        when 'flat' then p.rate
        else 0 end, 2) as amount
    from delivered d
    join lateral (select pp.pay_basis, pp.rate from pay_profiles pp
      where pp.company_id = $1 and pp.driver_id = d.driver_id and pp.effective_from <= d.delivered_on
      order by pp.effective_from desc limit 1) p on true),
  taken as (
    select dd.driver_id, -sum(dd.amount) as amount from driver_deductions dd
    where dd.company_id = $1 and dd.kind = 'recurring' and dd.starts_on <= $2::date and dd.ended_at is null
    group by dd.driver_id)
  select coalesce(g.driver_id, t.driver_id) as driver_id, coalesce(g.gross, 0) as gross, coalesce(t.amount, 0) as deductions,
    coalesce(g.gross, 0) + coalesce(t.amount, 0) as net
  from (select driver_id, sum(amount) as gross from paid group by driver_id) g
  full join taken t on t.driver_id = g.driver_id`;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'haulwise-bench-settlements-'));
  const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'haulwise_bench' });
  let started: StartedServices | null = null;
  const owner = new pg.Pool({ connectionString: embedded.url, max: 2 });
  owner.on('error', () => {});
  try {
    const config = loadConfig({
      NODE_ENV: 'development',
      APP_DB_PASSWORD: APP_PASSWORD,
      HAULWISE_DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      DEMO_SIMULATION: 'off',
    });
    started = await createServices(config, embedded.url, {
      poolSize: 4,
      log: { info: () => {}, warn: (message) => console.warn(message), error: (message) => console.error(message) },
    });
    const client = await owner.connect();
    let companyId: string;
    try {
      ({ companyId } = await generateCompany(
        client,
        { name: companyName(0), loads: 0, drivers: DRIVERS, brokers: 1, carriers: 1 },
        { passwordHash: 'not-a-real-hash', skipTriggers: await canSkipTriggers(client) },
      ));
    } finally {
      client.release();
    }
    const treasuryId = await addMember(owner, companyId, 'treasury');
    const started0 = performance.now();
    // Profiles in turn over the bases, half the drivers with a recurring deduction; loads spread over the week.
    await owner.query(
      `insert into pay_profiles (company_id, driver_id, effective_from, driver_type, pay_basis, rate)
       select $1, d.id, '2026-01-01', 'company',
         (array['loaded_mile', 'total_mile', 'line_haul_percent', 'rate_percent', 'flat'])[1 + (row_number() over (order by d.id))::int % 5],
         (array[0.6150, 0.5525, 27.5, 25.125, 450])[1 + (row_number() over (order by d.id))::int % 5]
       from drivers d where d.company_id = $1`,
      [companyId],
    );
    await owner.query(
      `insert into driver_deductions (company_id, driver_id, kind, description, amount, starts_on)
       select $1, d.id, 'recurring', 'Insurance', 42.50, '2026-01-01' from drivers d where d.company_id = $1 and abs(hashtext(d.id::text)) % 2 = 0`,
      [companyId],
    );
    await owner.query(
      `with cities(i, city, state) as (values (0, 'Dallas', 'TX'), (1, 'Houston', 'TX'), (2, 'Denver', 'CO'), (3, 'Atlanta', 'GA'),
         (4, 'Chicago', 'IL'), (5, 'Memphis', 'TN'), (6, 'Phoenix', 'AZ'), (7, 'Columbus', 'OH'), (8, 'Nashville', 'TN')),
       drivers as (select id, row_number() over (order by id) - 1 as n from drivers where company_id = $1)
       insert into loads (company_id, load_number, pickup_location, pickup_city, pickup_state, delivery_location, delivery_city, delivery_state,
         rate, line_haul, distance, driver_id, status, created_at)
       select $1, 'SETTLE-' || g, '1 Dock Rd', p.city, p.state, '2 Yard Ln', q.city, q.state,
         1500 + (g % 900), case when g % 3 = 0 then 1300 + (g % 900) end, case when g % 7 = 0 then null else 300 + (g % 700) end,
         d.id, 'delivered', timestamptz '2026-11-16 08:00-06' + (g % 7) * interval '1 day' + (g % 600) * interval '1 minute'
       from generate_series(0, $2::int - 1) g
       join drivers d on d.n = g % (select count(*) from drivers)
       join cities p on p.i = g % 9 join cities q on q.i = (g + 4) % 9`,
      [companyId, LOADS],
    );
    // Delivered within the week (the trigger stamped now): the delivery instants by the owner.
    await owner.query(`update loads set status_updated_at = created_at + interval '20 hours' where company_id = $1`, [companyId]);
    await owner.query('analyze');
    console.log(`seeded ${DRIVERS} drivers, ${LOADS} delivered loads in ${((performance.now() - started0) / 1000).toFixed(1)} s`);
    const caller = await callerAs(started.services, treasuryId);
    const ours: number[] = [];
    const floor: number[] = [];
    let settlements = 0;
    let lines = 0;
    for (let run = 0; run < RUNS; run += 1) {
      await owner.query(
        `delete from settlements where company_id = $1 and status = 'draft' and period_id in (select id from settlement_periods where company_id = $1)`,
        [companyId],
      );
      // The floor first, on the same unsettled week ours then settles.
      const t1 = performance.now();
      const { rows } = await owner.query(FLOOR_SQL, [companyId, '2026-11-22']);
      floor.push(performance.now() - t1);
      const t0 = performance.now();
      const period = await caller.settlements.openPeriod({ startsOn: WEEK });
      ours.push(performance.now() - t0);
      settlements = period.settlementCount;
      const counted = await owner.query(`select count(*)::int as n from settlement_lines where company_id = $1`, [companyId]);
      lines = counted.rows[0].n as number;
      if (run === 0) console.log(`floor: ${rows.length} drivers summed; ours: ${settlements} settlements, ${lines} lines`);
      console.log(`run ${run + 1}: ours ${ours.at(-1)?.toFixed(0)} ms, floor ${floor.at(-1)?.toFixed(1)} ms`);
    }
    const oursMedian = median(ours);
    const floorMedian = median(floor);
    const ratio = oursMedian / floorMedian;
    const met = oursMedian < GOAL_MS && ratio <= GOAL_RATIO;
    console.log(
      `settle a week: ${oursMedian.toFixed(0)} ms, floor ${floorMedian.toFixed(1)} ms, ${ratio.toFixed(1)}x: ${met ? 'met' : 'NOT met'}`,
    );
    const row: BenchRow = {
      name: `settlements.openPeriod: ${DRIVERS} drivers, ${LOADS.toLocaleString('en-US')} loads (gather, pay rules, write, audit)`,
      unit: 'ms',
      median: oursMedian,
      p95: Math.max(...ours),
      peer: 'the same sums in one SQL statement (owner, no writes)',
      peerMedian: floorMedian,
      ratio,
      goal: `< ${GOAL_MS} ms and <= ${GOAL_RATIO}x`,
      met,
      note: `${settlements} settlements, ${lines} lines; load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores`,
    };
    if (DRIVERS === 500 && LOADS === 5000) recordResults('settlements', [row]);
  } finally {
    await started?.close();
    await owner.end();
    await embedded.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
