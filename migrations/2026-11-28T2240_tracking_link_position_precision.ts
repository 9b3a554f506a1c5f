import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Issue 27, item 4: the public tracking page gets a map, the company's contact and a choice of how
 * precisely it shows the truck.
 * - tracking_links.position_precision: 'exact' (the default, as every link so far) or 'city' (the
 *   page shows only the town the truck is near: the server snaps the position to that town's
 *   centre before it answers, so a city-level link's visitor never receives the coordinates).
 *   Chosen when the link is created (the app may insert it, never update it).
 * - app_tracking_link_view answers, besides what it did, the link's precision and the company's
 *   phone and email (the page's "Contact"). Its window of the track is unchanged
 *   (2026-11-28T1310_tracking_link_between_pickup_and_delivery.ts). Its columns change, so it is
 *   dropped and made again, with the same grants.
 */
const VIEW_BODY = `
  language sql stable security definer
  set search_path = public, pg_temp
  as $$
    select c.name, c.phone, c.email, l.load_number, l.pickup_city, l.pickup_state, l.delivery_city, l.delivery_state, l.status,
           t.expires_at, t.position_precision, p.lat::double precision, p.lng::double precision, p.recorded_at
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
  $$`;

const PREVIOUS_BODY = `
  language sql stable security definer
  set search_path = public, pg_temp
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
  $$`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table tracking_links add column position_precision text not null default 'exact'
      check (position_precision in ('exact', 'city'));
    grant insert (position_precision) on tracking_links to haulwise_app;

    drop function app_tracking_link_view(text);
    create function app_tracking_link_view(_token_hash text)
      returns table (company_name text, company_phone text, company_email text, load_number text, pickup_city text,
                     pickup_state text, delivery_city text, delivery_state text, status text, expires_at timestamptz,
                     position_precision text, last_lat double precision, last_lng double precision, last_recorded_at timestamptz)
      ${sql.raw(VIEW_BODY)};
    revoke execute on function app_tracking_link_view(text) from public;
    grant execute on function app_tracking_link_view(text) to haulwise_app;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop function app_tracking_link_view(text);
    create function app_tracking_link_view(_token_hash text)
      returns table (company_name text, load_number text, pickup_city text, pickup_state text, delivery_city text,
                     delivery_state text, status text, expires_at timestamptz, last_lat double precision,
                     last_lng double precision, last_recorded_at timestamptz)
      ${sql.raw(PREVIOUS_BODY)};
    revoke execute on function app_tracking_link_view(text) from public;
    grant execute on function app_tracking_link_view(text) to haulwise_app;
    revoke insert (position_precision) on tracking_links from haulwise_app;
    alter table tracking_links drop column position_precision;
  `.execute(db);
}
