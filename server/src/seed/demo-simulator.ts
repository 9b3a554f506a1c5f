import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { haversineMiles, type LatLng } from '#shared/rules/geo.js';
import { positionsReportInput } from '#shared/schemas/positions.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { withCompany } from '../db/with-company.js';
import { storeOwnPositions } from '../domains/positions/positions.repository.js';
import { loadGazetteer, type Gazetteer } from '../services/geo/gazetteer.js';
import { COMPANY_ACCOUNTS } from './demo-accounts.js';

/**
 * The demo's live fleet (issue 26, item 8): while a development server runs with the demo
 * workspace, every few seconds each demo driver with a picked or in-transit load reports a
 * position a little further along the straight line from the load's pickup city to its delivery
 * city (the offline gazetteer's centres), at about 55 mph with a little jitter across the lane.
 * The position goes in exactly as the driver portal's report does: `storeOwnPositions`, in the
 * company's tenant transaction as the driver's own account (row-level security lets only that
 * account add its positions), so the drivers notice moves the fleet map and the board's at-risk
 * flag live. Only drivers linked to an account can report, so only they move. A driver at the
 * delivery city stops there; the load's status is left alone.
 */

/** The simulated drivers' speed. */
export const DEMO_SPEED_MPH = 55;
/** Degrees of jitter across the lane (about 0.1 mile), so a track is not a ruler line. */
const JITTER_DEGREES = 0.0015;
/** GPS accuracy reported with a simulated fix, in metres. */
const ACCURACY_M = 10;

/** Whether the simulator runs: never in production; `on` also under test; `auto` in development with the demo workspace. */
export function demoSimulationEnabled(settings: Pick<Config, 'NODE_ENV' | 'DEMO_SIMULATION'>, demoWorkspace: boolean): boolean {
  if (settings.NODE_ENV === 'production' || settings.DEMO_SIMULATION === 'off') return false;
  if (settings.DEMO_SIMULATION === 'on') return true;
  return settings.NODE_ENV === 'development' && demoWorkspace;
}

/** How far along the lane from `from` to `to` a point lies, 0 to 1 (its projection on the straight line, in degrees). */
export function progressAlong(from: LatLng, to: LatLng, point: LatLng): number {
  const dLat = to.lat - from.lat;
  const dLng = to.lng - from.lng;
  const length = dLat * dLat + dLng * dLng;
  if (length === 0) return 1;
  const t = ((point.lat - from.lat) * dLat + (point.lng - from.lng) * dLng) / length;
  return Math.min(1, Math.max(0, t));
}

/** The point at `progress` (0 to 1) of the straight line from `from` to `to`. */
export function pointAlong(from: LatLng, to: LatLng, progress: number): LatLng {
  const t = Math.min(1, Math.max(0, progress));
  return { lat: from.lat + (to.lat - from.lat) * t, lng: from.lng + (to.lng - from.lng) * t };
}

/**
 * The next position of a driver at `current` on the lane `from` → `to` after `miles` more: the
 * driver is put back on the lane (projected), moved `miles` toward `to` (never past it), and
 * nudged across the lane by `jitter` (-1 to 1) times about a tenth of a mile. `arrived` once at `to`.
 */
export function advanceAlongLane(
  lane: { from: LatLng; to: LatLng },
  current: LatLng | null,
  miles: number,
  jitter = 0,
): { position: LatLng; progress: number; arrived: boolean } {
  const laneMiles = haversineMiles(lane.from, lane.to);
  const start = current ? progressAlong(lane.from, lane.to, current) : 0;
  const progress = laneMiles <= 0 ? 1 : Math.min(1, start + Math.max(0, miles) / laneMiles);
  const onLane = pointAlong(lane.from, lane.to, progress);
  if (progress >= 1) return { position: onLane, progress: 1, arrived: true };
  // Across the lane: the unit normal of the line (in degrees), scaled by the jitter.
  const dLat = lane.to.lat - lane.from.lat;
  const dLng = lane.to.lng - lane.from.lng;
  const norm = Math.hypot(dLat, dLng) || 1;
  const offset = Math.max(-1, Math.min(1, jitter)) * JITTER_DEGREES;
  return { position: { lat: onLane.lat + (-dLng / norm) * offset, lng: onLane.lng + (dLat / norm) * offset }, progress, arrived: false };
}

export interface TickOptions {
  /** The tick's time (ms); positions are recorded at it. */
  now?: number;
  /** The simulator's interval: a driver moves for the time since its last position, at most twice this. */
  intervalMs: number;
  speedMph?: number;
  /** 0 to 1; Math.random by default. */
  random?: () => number;
  gazetteer?: Pick<Gazetteer, 'locate'>;
}

interface MovingDriver {
  id: string;
  userId: string;
  lat: string | null;
  lng: string | null;
  lastUpdate: Date | null;
  pickupCity: string;
  pickupState: string;
  deliveryCity: string;
  deliveryState: string;
}

/**
 * One step of the simulation in one company: each driver linked to an account, sharing its
 * location, with a picked or in-transit load (the one in transit first, then the latest) moves
 * along that load's lane for the time since its last position (so two servers on one database
 * do not move it twice as fast). Returns the ids of the drivers that reported a position.
 */
export async function simulateDemoTick(db: Db, companyId: string, options: TickOptions): Promise<string[]> {
  const now = options.now ?? Date.now();
  const speed = options.speedMph ?? DEMO_SPEED_MPH;
  const random = options.random ?? Math.random;
  const drivers = await withCompany(
    db,
    { companyId, userId: null },
    async (tx) =>
      (
        await sql<MovingDriver>`
          select distinct on (d.id) d.id, d.user_id as "userId",
            d.current_location_lat::text as lat, d.current_location_lng::text as lng, d.last_location_update as "lastUpdate",
            l.pickup_city as "pickupCity", l.pickup_state as "pickupState",
            l.delivery_city as "deliveryCity", l.delivery_state as "deliveryState"
          from drivers d
          join loads l on l.company_id = d.company_id and l.driver_id = d.id
          where d.company_id = ${companyId}::uuid and d.user_id is not null and d.gps_consent
            and l.status in ('picked', 'in_transit')
            -- The record the account reports for (storeOwnPositions: the newest linked to it).
            and d.id = (select own.id from drivers own where own.company_id = d.company_id and own.user_id = d.user_id
              order by own.created_at desc, own.id desc limit 1)
          order by d.id, (l.status = 'in_transit') desc, l.pickup_date desc nulls last, l.created_at desc`.execute(tx)
      ).rows,
    { readOnly: true },
  );
  if (drivers.length === 0) return [];
  const gazetteer = options.gazetteer ?? (await loadGazetteer());
  const moved: string[] = [];
  for (const driver of drivers) {
    const from = gazetteer.locate(driver.pickupCity, driver.pickupState);
    const to = gazetteer.locate(driver.deliveryCity, driver.deliveryState);
    if (!from || !to) continue;
    const current = driver.lat !== null && driver.lng !== null ? { lat: Number(driver.lat), lng: Number(driver.lng) } : null;
    if (current && progressAlong(from, to, current) >= 1) continue; // arrived: stays at the delivery city
    const since = driver.lastUpdate ? now - new Date(driver.lastUpdate).getTime() : options.intervalMs;
    const elapsedMs = Math.min(2 * options.intervalMs, Math.max(0, since));
    if (elapsedMs <= 0) continue;
    const step = advanceAlongLane({ from, to }, current, (speed * elapsedMs) / 3_600_000, random() * 2 - 1);
    // The portal's own validation, then its own store, as the driver's account.
    const { positions } = positionsReportInput.parse({
      positions: [
        {
          idempotencyKey: randomUUID(),
          recordedAt: new Date(now).toISOString(),
          lat: Number(step.position.lat.toFixed(6)),
          lng: Number(step.position.lng.toFixed(6)),
          accuracy: ACCURACY_M,
        },
      ],
    });
    const scope = { companyId, userId: driver.userId };
    const outcome = await withCompany(db, scope, (tx) => storeOwnPositions(tx, scope, positions));
    if (outcome.kind === 'stored') moved.push(driver.id);
  }
  return moved;
}

/** The demo workspace's company (Summit Freight Lines, found by its admin's account), or null. */
export async function findDemoCompany(db: Db): Promise<string | null> {
  const admin = COMPANY_ACCOUNTS[0];
  if (!admin) return null;
  const user = await db.selectFrom('users').select('id').where('email', '=', admin.email).executeTakeFirst();
  if (!user) return null;
  return db.transaction().execute(async (tx) => {
    await sql`select set_config('app.user_id', ${user.id}, true)`.execute(tx);
    const profile = await tx.selectFrom('profiles').select('companyId').where('userId', '=', user.id).executeTakeFirst();
    return profile?.companyId ?? null;
  });
}

export interface DemoSimulator {
  /** Stops the timer and waits for a tick in progress; afterwards nothing is written. */
  stop(): Promise<void>;
}

let running: DemoSimulator | null = null;

/**
 * Runs `simulateDemoTick` every `intervalMs` in one company until stopped: one tick at a time
 * (the next is scheduled when the last ends), one simulator per process (a second start answers
 * null), and an unref'd timer, so it never keeps the process alive. A failed tick is reported
 * to `onError` and the next one tries again.
 */
export function startDemoSimulator(
  db: Db,
  options: { companyId: string; intervalMs: number; speedMph?: number; onError?: (error: unknown) => void },
): DemoSimulator | null {
  if (running) return null;
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<void> | null = null;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      inFlight = simulateDemoTick(db, options.companyId, {
        intervalMs: options.intervalMs,
        ...(options.speedMph === undefined ? {} : { speedMph: options.speedMph }),
      })
        .then(
          () => undefined,
          (error: unknown) => {
            if (!stopped) options.onError?.(error);
          },
        )
        .finally(() => {
          inFlight = null;
          schedule();
        });
    }, options.intervalMs);
    timer.unref();
  };
  const simulator: DemoSimulator = {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await inFlight;
      if (running === simulator) running = null;
    },
  };
  running = simulator;
  schedule();
  return simulator;
}

/**
 * The server's start: when the simulation is on (demoSimulationEnabled) and the demo workspace
 * is there, starts the simulator at DEMO_SIMULATION_SECONDS; otherwise null.
 */
export async function startDemoSimulation(
  db: Db,
  config: Pick<Config, 'NODE_ENV' | 'DEMO_SIMULATION' | 'DEMO_SIMULATION_SECONDS'>,
  demoWorkspace: boolean,
): Promise<DemoSimulator | null> {
  if (!demoSimulationEnabled(config, demoWorkspace)) return null;
  const companyId = await findDemoCompany(db);
  if (!companyId) return null;
  const simulator = startDemoSimulator(db, {
    companyId,
    intervalMs: config.DEMO_SIMULATION_SECONDS * 1000,
    onError: (error) =>
      console.warn(`[${new Date().toISOString()}] demo simulation: ${error instanceof Error ? error.message : String(error)}`),
  });
  if (simulator) {
    console.log(`Demo drivers on the road report a position every ${config.DEMO_SIMULATION_SECONDS} s (DEMO_SIMULATION=off stops them).\n`);
  }
  return simulator;
}
