import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Tracks and public tracking links (issue 14).
 * - load_track_window: the one definition of "a load's track" in time, used by the Map tab's
 *   track (as the app role, under row-level security) and by the public page (through the
 *   function below): from the start of the pickup date (UTC; the load's creation when it has
 *   none), or from the moment it was marked picked up or in transit when that came earlier,
 *   to the moment it was delivered or cancelled (status_updated_at), or now while it moves;
 * - tracking_links: a link per load that a dispatcher sends to a broker or a customer. Only the
 *   SHA-256 of its random token is stored (like invitations and sessions); it expires, and
 *   revoking deletes it. Row-level security as every tenant table (tenant, master admin's read,
 *   no master admin writes); the app may read, insert and delete, never update;
 * - audited by a trigger: a link created or deleted (revoked) is an entry of the load's audit
 *   trail (the changed field tracking_link), without the token's hash;
 * - app_tracking_link_view: the public page's one narrow path. A security-definer function that
 *   takes a token's hash and answers, for a link not expired (a revoked one no longer exists),
 *   only what the page shows: company name, load number, lane, status, expiry and the last
 *   position of the load's track. Nothing else of the company is reachable through it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function load_track_window(_status text, _pickup_date date, _created_at timestamptz, _status_updated_at timestamptz,
      out starts_at timestamptz, out ends_at timestamptz)
      language sql stable
      set search_path = public, pg_temp
      as $$
        select
          least(coalesce((_pickup_date::timestamp at time zone 'UTC'), _created_at),
                case when _status in ('picked', 'in_transit', 'delivered') then _status_updated_at end),
          case when _status in ('delivered', 'cancelled') then coalesce(_status_updated_at, now()) else now() end
      $$;

    create table tracking_links (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      load_id uuid not null,
      token_hash text not null check (token_hash ~ '^[0-9a-f]{64}$'),
      expires_at timestamptz not null,
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      unique (company_id, id),
      foreign key (company_id, load_id) references loads (company_id, id) on delete cascade
    );
    create unique index tracking_links_token_hash_key on tracking_links (token_hash);
    -- A load's links, newest first.
    create index tracking_links_company_load_idx on tracking_links (company_id, load_id, created_at desc, id desc);

    alter table tracking_links enable row level security;
    alter table tracking_links force row level security;
    create policy tracking_links_tenant on tracking_links
      using (company_id = app_company_id()) with check (company_id = app_company_id());
    create policy tracking_links_master_read on tracking_links for select using (app_is_master_admin());
    create policy tracking_links_no_master_admin_insert on tracking_links as restrictive for insert
      with check (app_master_admin_write() is null);
    create policy tracking_links_no_master_admin_update on tracking_links as restrictive for update
      using (app_master_admin_write() is null) with check (app_master_admin_write() is null);
    create policy tracking_links_no_master_admin_delete on tracking_links as restrictive for delete
      using (app_master_admin_write() is null);
    grant select, delete on tracking_links to haulwise_app;
    grant insert (company_id, load_id, token_hash, expires_at, created_by) on tracking_links to haulwise_app;

    -- Audit: a link's creation and its deletion (revoke) are written to the load's audit trail
    -- by a trigger, as other records' changes are: entity loads, action updated, the changed
    -- field tracking_link from nothing to the link (created) or from the link to nothing (deleted).
    -- The spec's entity types stay as they are; the token's hash never enters the trail.
    create function tracking_links_audit() returns trigger
      language plpgsql
      as $$
      declare
        link tracking_links := coalesce(new, old);
        summary jsonb := jsonb_build_object('id', link.id, 'expires_at', link.expires_at, 'created_by', link.created_by);
      begin
        -- A load deleted takes its links with it: its own 'deleted' entry says so.
        if tg_op = 'DELETE' and not exists (select 1 from loads l where l.company_id = link.company_id and l.id = link.load_id) then
          return null;
        end if;
        insert into audit_logs (company_id, entity_type, entity_id, action, user_id, changes)
        values (link.company_id, 'loads', link.load_id, 'updated', app_user_id(),
                jsonb_build_object('changed_fields', jsonb_build_object('tracking_link',
                  case when tg_op = 'INSERT' then jsonb_build_object('old', null, 'new', summary)
                       else jsonb_build_object('old', summary, 'new', null) end)));
        return null;
      end
      $$;
    create trigger tracking_links_audit after insert or delete on tracking_links
      for each row execute function tracking_links_audit();

    create function app_tracking_link_view(_token_hash text)
      returns table (company_name text, load_number text, pickup_city text, pickup_state text, delivery_city text,
                     delivery_state text, status text, expires_at timestamptz, last_lat double precision,
                     last_lng double precision, last_recorded_at timestamptz)
      language sql stable security definer
      set search_path = public, pg_temp
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

    revoke execute on function load_track_window(text, date, timestamptz, timestamptz), app_tracking_link_view(text) from public;
    grant execute on function load_track_window(text, date, timestamptz, timestamptz), app_tracking_link_view(text) to haulwise_app;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop function if exists app_tracking_link_view(text);
    drop table if exists tracking_links cascade;
    drop function if exists tracking_links_audit();
    drop function if exists load_track_window(text, date, timestamptz, timestamptz);
  `.execute(db);
}
