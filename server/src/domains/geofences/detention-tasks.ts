import type { Task } from 'graphile-worker';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { withCompany } from '../../db/with-company.js';

type Db = Kysely<Database>;

/**
 * Detention notices (issue 31, item 4): at an arrival two jobs are queued in the ingest's
 * transaction, run_at 30 minutes before the free time runs out and when it does. Each checks that
 * the truck is still at the stop (the same arrival, no departure) and notifies the load's
 * dispatcher, or the company's admins when the load has none ('detention_warning',
 * 'detention_started'). The free time is read when the job is queued (the broker's override, else
 * the company's); a change of it afterwards moves no job already queued.
 */
export const DETENTION_CHECK_TASK = 'geofence-detention-check';
export const WARNING_BEFORE_MS = 30 * 60_000;

const payloadSchema = z.object({
  companyId: z.uuid(),
  stopId: z.uuid(),
  arrivedAt: z.string(),
  kind: z.enum(['detention_warning', 'detention_started']),
});

export async function queueDetentionChecks(db: Db, companyId: string, stopId: string, arrivedAt: number): Promise<void> {
  const arrived = new Date(arrivedAt).toISOString();
  await sql`
    with free as (
      select coalesce(b.detention_free_hours, c.detention_free_hours) as hours
      from load_stops s
      join loads l on l.company_id = s.company_id and l.id = s.load_id
      join companies c on c.id = s.company_id
      left join brokers b on b.company_id = l.company_id and b.id = l.broker_id
      where s.id = ${stopId}::uuid
    )
    select graphile_worker.add_job(
             identifier => ${DETENTION_CHECK_TASK}::text,
             payload => json_build_object('companyId', ${companyId}::text, 'stopId', ${stopId}::text, 'arrivedAt', ${arrived}::text, 'kind', k.kind),
             run_at => ${arrived}::timestamptz + free.hours * interval '1 hour' - k.lead,
             max_attempts => 5,
             job_key => ${DETENTION_CHECK_TASK}::text || ':' || ${stopId}::text || ':' || k.kind)
    from free, (values ('detention_warning', ${`${WARNING_BEFORE_MS / 1000} seconds`}::interval), ('detention_started', interval '0')) as k (kind, lead)`.execute(
    db,
  );
}

/** Runs one check: notifies only while the stop is still occupied by the same arrival. */
export async function runDetentionCheck(db: Db, raw: unknown): Promise<void> {
  const payload = payloadSchema.parse(raw);
  await withCompany(db, { companyId: payload.companyId, userId: null }, async (tx) => {
    await sql`
      with stop as (
        select s.load_id, s.city, s.state, s.position, l.load_number, l.dispatcher_id
        from load_stops s join loads l on l.company_id = s.company_id and l.id = s.load_id
        where s.id = ${payload.stopId}::uuid and s.departed_at is null and s.arrived_at = ${payload.arrivedAt}::timestamptz
      ),
      text as (
        select load_id, dispatcher_id, load_number,
          '/loads?search=' || replace(replace(replace(load_number, '%', '%25'), '&', '%26'), ' ', '%20') as link,
          case when ${payload.kind}::text = 'detention_warning' then 'Free time ends in 30 minutes' else 'Detention started' end as title,
          'Load ' || load_number || ' at ' || city || ', ' || state as body
        from stop
      )
      select case when dispatcher_id is not null
               then notify_user(${payload.companyId}::uuid, dispatcher_id, ${payload.kind}::text, title, body, link, load_id)
               else notify_company_roles(${payload.companyId}::uuid, array['admin'], ${payload.kind}::text, title, body, link, load_id)
             end
      from text`.execute(tx);
  });
}

/** The jobs to register with the worker (server/src/create-services.ts). */
export function detentionTasks(db: Db): Record<string, Task> {
  return {
    [DETENTION_CHECK_TASK]: async (payload) => {
      await runDetentionCheck(db, payload);
    },
  };
}
