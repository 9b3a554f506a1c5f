import { Logger, parseCrontab, run, type Runner, type TaskList } from 'graphile-worker';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../../db/schema.js';

/**
 * Side effects that leave the system (mail, SMS) run after commit, as jobs of graphile-worker, a
 * PostgreSQL job queue (schema graphile_worker, installed by migration 2026-11-22T1000_job_queue).
 * A job is added in the caller's own transaction, so it exists only if that transaction commits;
 * the worker in this process runs it after commit, retrying a failure with exponential backoff
 * (graphile-worker waits exp(attempt) seconds: 3 s, 7 s, 20 s, ... up to 6 hours apart).
 */

export interface JobOptions {
  /** A second job with the same key replaces the first while it has not run. */
  jobKey: string;
  maxAttempts: number;
}

/** Queues a job inside the caller's transaction: it runs only once that transaction has committed. */
export async function addJob(db: Kysely<Database>, task: string, payload: Record<string, unknown>, options: JobOptions): Promise<void> {
  await sql`select graphile_worker.add_job(
              identifier => ${task}::text,
              payload => ${JSON.stringify(payload)}::json,
              max_attempts => ${options.maxAttempts}::int,
              job_key => ${options.jobKey}::text)`.execute(db);
}

export interface JobWorker {
  /** Stops taking jobs and waits for the running ones (graphile-worker's graceful shutdown). */
  stop(): Promise<void>;
}

export interface JobWorkerOptions {
  connectionString: string;
  tasks: TaskList;
  /** graphile-worker crontab lines, e.g. `0 * * * * sweep-rate-limits`. */
  crontab: string;
  concurrency: number;
  log: { warn: (message: string) => void; error: (message: string) => void };
}

/** After the runner stopped on its own (its database went away), how long before it is started again. */
const RESTART_DELAYS_MS = [1_000, 2_000, 5_000, 10_000];

/**
 * Tasks that run on a runner of their own, with a concurrency of their own, beside the one runner
 * of every other task (options.concurrency, with the crontab). A runner takes only the jobs of its
 * own tasks (graphile-worker fetches jobs by task), so these never wait for, nor hold, the shared
 * slots. Webhook deliveries (issue 28: 1,000 events a minute to 10 endpoints, p99 under 2 s from
 * commit; the task of domains/webhooks/webhooks.repository.ts, DELIVER_WEBHOOK_TASK): with two
 * slots shared with mail and imports they queued behind each other under load, and a receiver that
 * hangs held a slot up to 10 s, delaying mail. A task not in the worker's task list is left out.
 */
export const OWN_RUNNERS: readonly { tasks: readonly string[]; concurrency: number }[] = [{ tasks: ['deliver-webhook'], concurrency: 4 }];

interface Lane {
  tasks: TaskList;
  concurrency: number;
  crontab: string;
}

/** The runners to start: one per OWN_RUNNERS entry with any of its tasks listed, then one for the rest, with the crontab. */
function lanesOf(options: JobWorkerOptions): Lane[] {
  const lanes: Lane[] = [];
  const rest: TaskList = { ...options.tasks };
  for (const own of OWN_RUNNERS) {
    const tasks: TaskList = {};
    for (const name of own.tasks) {
      const task = rest[name];
      if (!task) continue;
      tasks[name] = task;
      delete rest[name];
    }
    if (Object.keys(tasks).length > 0) lanes.push({ tasks, concurrency: own.concurrency, crontab: '' });
  }
  lanes.push({ tasks: rest, concurrency: options.concurrency, crontab: options.crontab });
  return lanes;
}

/**
 * Runs the worker in this process on a small pool of its own (the app role), apart from the
 * requests' pool: a job never waits for a request's connection, nor a request for a job's.
 * It LISTENs for new jobs, so a committed job starts at once. graphile-worker shuts its runner
 * down when it cannot record a job's outcome (the database restarting); the runner is then started
 * again after a short wait, until stop() is called, so the queue comes back with the database.
 * The tasks of OWN_RUNNERS run on runners of their own (same pool, same supervision).
 */
export async function startJobWorker(options: JobWorkerOptions): Promise<JobWorker> {
  const lanes = lanesOf(options);
  // Per runner: its concurrency, its LISTEN connection and one spare, as one runner had.
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: lanes.reduce((sum, lane) => sum + lane.concurrency + 2, 0),
  });
  pool.on('error', (error) => options.log.warn(`job queue connection error: ${error.message}`));
  pool.on('connect', (client) => client.on('error', () => {}));
  const logger = new Logger(() => (level, message) => {
    if (level === 'error') options.log.error(`job queue: ${message}`);
    else if (level === 'warning') options.log.warn(`job queue: ${message}`);
  });
  const start = (lane: Lane) =>
    run({
      pgPool: pool,
      taskList: lane.tasks,
      parsedCronItems: parseCrontab(lane.crontab),
      concurrency: lane.concurrency,
      noHandleSignals: true,
      pollInterval: 1000,
      logger,
    });

  const runners: Runner[] = [];
  try {
    for (const lane of lanes) runners.push(await start(lane));
  } catch (error) {
    await Promise.all(runners.map((runner) => runner.stop().catch(() => {})));
    await pool.end();
    throw error;
  }
  let stopping = false;
  const restartTimers = new Set<ReturnType<typeof setTimeout>>();
  const supervise = (index: number, current: Runner, failures: number) => {
    current.promise.then(
      () => restartLater(index, failures),
      (error: unknown) => {
        options.log.warn(`job queue stopped: ${error instanceof Error ? error.message : String(error)}`);
        restartLater(index, failures);
      },
    );
  };
  const restartLater = (index: number, failures: number) => {
    if (stopping) return;
    const delay = RESTART_DELAYS_MS[Math.min(failures, RESTART_DELAYS_MS.length - 1)] ?? 10_000;
    const timer = setTimeout(() => {
      restartTimers.delete(timer);
      if (stopping) return;
      start(lanes[index] as Lane).then(
        (next) => {
          runners[index] = next;
          if (stopping) void next.stop().catch(() => {});
          else supervise(index, next, 0);
        },
        (error: unknown) => {
          options.log.warn(`job queue not started again yet: ${error instanceof Error ? error.message : String(error)}`);
          restartLater(index, failures + 1);
        },
      );
    }, delay);
    timer.unref();
    restartTimers.add(timer);
  };
  runners.forEach((runner, index) => supervise(index, runner, 0));
  return {
    async stop() {
      stopping = true;
      for (const timer of restartTimers) clearTimeout(timer);
      try {
        await Promise.all(runners.map((runner) => runner.stop().catch(() => {})));
      } finally {
        await pool.end();
      }
    },
  };
}
