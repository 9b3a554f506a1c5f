import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Issue 24, item 5: a public tracking link showed the driver's latest position from the start of
 * the load's pickup date (or its creation), so for an assigned load it showed where the driver was
 * at home or on another customer's load. Now the link shows a position only from the moment the
 * load was picked up (it entered picked or in transit: the latest such change on the load's audit
 * trail, or its creation when it was entered already moving) to the moment it was delivered (no
 * newer position after that); nothing for a load not yet picked up or cancelled. The Map tab's
 * track for the company's own staff (load_track_window) is unchanged.
 */
const VIEW_COLUMNS = `
  returns table (company_name text, load_number text, pickup_city text, pickup_state text, delivery_city text,
                 delivery_state text, status text, expires_at timestamptz, last_lat double precision,
                 last_lng double precision, last_recorded_at timestamptz)
  language sql stable security definer
  set search_path = public, pg_temp`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function app_tracking_link_view(_token_hash text)
      ${sql.raw(VIEW_COLUMNS)}
      as $$
        select c.name, l.load_number, l.pickup_city, l.pickup_state, l.delivery_city, l.delivery_state, l.status,
               t.expires_at, p.lat::double precision, p.lng::double precision, p.recorded_at
        from tracking_links t
        join loads l on l.company_id = t.company_id and l.id = t.load_id
        join companies c on c.id = t.company_id
        cross join lateral (
          select
            case when l.status in ('picked', 'in_transit', 'delivered') then coalesce(
              (select max(a.created_at) from audit_logs a
               where a.company_id = l.company_id and a.entity_type = 'loads' and a.entity_id = l.id and a.action = 'updated'
                 and a.changes -> 'changed_fields' -> 'status' ->> 'new' in ('picked', 'in_transit', 'delivered')
                 and coalesce(a.changes -> 'changed_fields' -> 'status' ->> 'old', 'none') not in ('picked', 'in_transit', 'delivered')),
              l.created_at) end as starts_at,
            case when l.status = 'delivered' then coalesce(l.status_updated_at, now()) else now() end as ends_at
        ) w
        left join lateral (
          select p.lat, p.lng, p.recorded_at from positions p
          where p.company_id = l.company_id and p.driver_id = l.driver_id
            and p.recorded_at >= w.starts_at and p.recorded_at <= w.ends_at
          order by p.recorded_at desc limit 1
        ) p on w.starts_at is not null
        where t.token_hash = _token_hash and t.expires_at > now() and c.subscription_status = 'active'
      $$;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function app_tracking_link_view(_token_hash text)
      ${sql.raw(VIEW_COLUMNS)}
      as $$
        select c.name, l.load_number, l.pickup_city, l.pickup_state, l.delivery_city, l.delivery_state, l.status,
               t.expires_at, p.lat::double precision, p.lng::double precision, p.recorded_at
        from tracking_links t
        join loads l on l.company_id = t.company_id and l.id = t.load_id
        join companies c on c.id = t.company_id
        cross join lateral load_track_window(l.status, l.pickup_date, l.created_at, l.status_updated_at) w
        left join lateral (
          select p.lat, p.lng, p.recorded_at from positions p
          where p.company_id = l.company_id and p.driver_id = l.driver_id
            and p.recorded_at >= w.starts_at and p.recorded_at <= w.ends_at
          order by p.recorded_at desc limit 1
        ) p on true
        where t.token_hash = _token_hash and t.expires_at > now() and c.subscription_status = 'active'
      $$;
  `.execute(db);
}
