import { CompiledQuery, type Kysely, sql } from 'kysely';
import { runMigrations } from 'graphile-worker';

// Frozen in time: never import application code here.

/**
 * The job queue (graphile-worker) that delivers side effects after commit: mail and SMS are
 * written as jobs in the caller's transaction (graphile_worker.add_job) and a worker in the
 * server process runs them with retries and backoff.
 *
 * Its schema is created here, by the owner, inside this migration's transaction: graphile-worker
 * runs its own migrations through a client that turns its BEGIN/COMMIT/ROLLBACK into savepoints.
 * The app role (not owner) then gets only what the worker and add_job need: read the queue's
 * migration level, and read and write its jobs, queues and task names. graphile-worker enables
 * row-level security on its tables without policies (which hides every row from a role that is
 * not their owner), so one policy per table opens them to the app role alone.
 *
 * Upgrading graphile-worker past a schema change needs a migration that calls runMigrations the
 * same way; until then the worker (as the app role, which may not migrate) refuses to start and
 * mail stays queued in the outbox.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await runMigrations({ pgPool: poolOnTransaction(db) as never, schema: 'graphile_worker' });
  await sql`
    grant usage on schema graphile_worker to haulwise_app;
    grant select on graphile_worker.migrations to haulwise_app;
    grant select, insert, update, delete on graphile_worker._private_jobs, graphile_worker._private_job_queues to haulwise_app;
    grant select, insert on graphile_worker._private_tasks to haulwise_app;
    grant select on graphile_worker.jobs to haulwise_app;
    grant usage, select on all sequences in schema graphile_worker to haulwise_app;
    grant execute on all functions in schema graphile_worker to haulwise_app;
    do $$
    declare
      target text;
    begin
      for target in
        select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'graphile_worker' and c.relkind = 'r' and c.relrowsecurity
      loop
        execute format('create policy %I on graphile_worker.%I to haulwise_app using (true) with check (true)',
                       target || '_app_role', target);
      end loop;
    end
    $$;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop schema if exists graphile_worker cascade`.execute(db);
}

type QueryConfig = { text: string; values?: unknown[] };

/**
 * A pg.Pool look-alike with one client that runs every statement on this migration's
 * transaction. graphile-worker wraps each of its migrations in BEGIN/COMMIT: those become a
 * savepoint and its release (ROLLBACK rolls back to it), and each other statement gets a
 * savepoint of its own, so an expected failure (its probe of a schema not yet there) does not
 * abort the whole transaction.
 */
function poolOnTransaction(db: Kysely<any>) {
  const run = (text: string, values: readonly unknown[] = []) => db.executeQuery(CompiledQuery.raw(text, [...values]));
  const control: Record<string, string> = {
    begin: 'savepoint graphile_worker_migration',
    commit: 'release savepoint graphile_worker_migration',
    rollback: 'rollback to savepoint graphile_worker_migration',
  };
  const client = {
    async query(query: string | QueryConfig, values?: unknown[]) {
      const text = typeof query === 'string' ? query : query.text;
      const params = (typeof query === 'string' ? values : (query.values ?? values)) ?? [];
      const replacement = control[text.trim().toLowerCase()];
      if (replacement) {
        await run(replacement);
        return { rows: [], rowCount: 0 };
      }
      await run('savepoint graphile_worker_statement');
      try {
        const result = await run(text, params);
        await run('release savepoint graphile_worker_statement');
        return { rows: result.rows, rowCount: result.rows.length };
      } catch (error) {
        await run('rollback to savepoint graphile_worker_statement');
        throw error;
      }
    },
    release() {},
  };
  const listener = () => {};
  return {
    options: { max: 1 },
    connect: async () => client,
    on() {
      return this;
    },
    listeners: () => [listener],
    end: async () => {},
  };
}
