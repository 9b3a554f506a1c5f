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
 * Runs the worker in this process on a small pool of its own (the app role), apart from the
 * requests' pool: a job never waits for a request's connection, nor a request for a job's.
 * It LISTENs for new jobs, so a committed job starts at once. graphile-worker shuts its runner
 * down when it cannot record a job's outcome (the database restarting); the runner is then started
 * again after a short wait, until stop() is called, so the queue comes back with the database.
 */
export async function startJobWorker(options: JobWorkerOptions): Promise<JobWorker> {
  const pool = new pg.Pool({ connectionString: options.connectionString, max: options.concurrency + 2 });
  pool.on('error', (error) => options.log.warn(`job queue connection error: ${error.message}`));
  pool.on('connect', (client) => client.on('error', () => {}));
  const logger = new Logger(() => (level, message) => {
    if (level === 'error') options.log.error(`job queue: ${message}`);
    else if (level === 'warning') options.log.warn(`job queue: ${message}`);
  });
  const start = () =>
    run({
      pgPool: pool,
      taskList: options.tasks,
      parsedCronItems: parseCrontab(options.crontab),
      concurrency: options.concurrency,
      noHandleSignals: true,
      pollInterval: 1000,
      logger,
    });

  let runner: Runner;
  try {
    runner = await start();
  } catch (error) {
    await pool.end();
    throw error;
  }
  let stopping = false;
  let restartTimer: ReturnType<typeof setTimeout> | null = null;
  const supervise = (current: Runner, failures: number) => {
    current.promise.then(
      () => restartLater(failures),
      (error: unknown) => {
        options.log.warn(`job queue stopped: ${error instanceof Error ? error.message : String(error)}`);
        restartLater(failures);
      },
    );
  };
  const restartLater = (failures: number) => {
    if (stopping) return;
    const delay = RESTART_DELAYS_MS[Math.min(failures, RESTART_DELAYS_MS.length - 1)] ?? 10_000;
    restartTimer = setTimeout(() => {
      restartTimer = null;
      if (stopping) return;
      start().then(
        (next) => {
          runner = next;
          if (stopping) void next.stop().catch(() => {});
          else supervise(next, 0);
        },
        (error: unknown) => {
          options.log.warn(`job queue not started again yet: ${error instanceof Error ? error.message : String(error)}`);
          restartLater(failures + 1);
        },
      );
    }, delay);
    restartTimer.unref();
  };
  supervise(runner, 0);
  return {
    async stop() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      try {
        await runner.stop().catch(() => {});
      } finally {
        await pool.end();
      }
    },
  };
}
