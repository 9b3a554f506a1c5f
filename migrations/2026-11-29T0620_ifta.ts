import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * IFTA (issue 31, item 5): fuel bought per truck, the admin's tax rates per quarter, and the
 * per-day roll-ups of miles per jurisdiction that make the quarterly report instant.
 *
 * - fuel_purchases: a truck's fuel on a date in a jurisdiction (gallons and amount exact numerics),
 *   entered by hand or imported from a fuel card's CSV. Audited.
 * - ifta_tax_rates: a company's rate per gallon per quarter ('YYYY-Qn') per jurisdiction. Audited.
 * - ifta_daily: miles per truck per UTC day per jurisdiction, from the tracks (rebuilt from
 *   truck_positions() or added to as positions arrive).
 * - ifta_gaps: a gap over 50 miles in a truck's track, bridged by a straight line and flagged for review.
 * - ifta_driver_cursor: the last position the incremental roll-up counted per driver.
 *
 * Trucks deleted take their IFTA rows with them (a truck that hauled loads cannot be deleted:
 * the equipment domain refuses it, so one with a real history stays). Row-level security as the
 * equipment tables (2026-11-29T0520).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table fuel_purchases (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      truck_id uuid not null,
      purchased_on date not null,
      jurisdiction text not null check (jurisdiction ~ '^[A-Z]{2}$'),
      gallons numeric(12, 4) not null check (gallons > 0 and gallons < 100000),
      amount numeric(12, 2) not null check (amount >= 0 and amount < 10000000),
      vendor text check (length(vendor) between 1 and 100),
      source text not null default 'manual' check (source in ('manual', 'import')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (company_id, id),
      foreign key (company_id, truck_id) references trucks (company_id, id) on delete cascade
    );
    create index fuel_purchases_company_date_idx on fuel_purchases (company_id, purchased_on desc, id desc);
    create index fuel_purchases_truck_idx on fuel_purchases (company_id, truck_id, purchased_on);
    create trigger fuel_purchases_updated_at before update on fuel_purchases for each row execute function set_updated_at();

    create table ifta_tax_rates (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      quarter text not null check (quarter ~ '^[0-9]{4}-Q[1-4]$'),
      jurisdiction text not null check (jurisdiction ~ '^[A-Z]{2}$'),
      rate numeric(8, 4) not null check (rate >= 0 and rate < 10),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (company_id, id),
      unique (company_id, quarter, jurisdiction)
    );
    create trigger ifta_tax_rates_updated_at before update on ifta_tax_rates for each row execute function set_updated_at();

    create table ifta_daily (
      company_id uuid not null references companies (id) on delete cascade,
      truck_id uuid not null,
      day date not null,
      jurisdiction text not null check (jurisdiction ~ '^[A-Z]{2}$'),
      miles numeric(12, 3) not null check (miles >= 0),
      primary key (company_id, truck_id, day, jurisdiction),
      foreign key (company_id, truck_id) references trucks (company_id, id) on delete cascade
    );
    create index ifta_daily_company_day_idx on ifta_daily (company_id, day);

    create table ifta_gaps (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      truck_id uuid not null,
      started_at timestamptz not null,
      ended_at timestamptz not null check (ended_at >= started_at),
      miles numeric(10, 2) not null check (miles >= 0),
      from_jurisdiction text check (from_jurisdiction ~ '^[A-Z]{2}$'),
      to_jurisdiction text check (to_jurisdiction ~ '^[A-Z]{2}$'),
      from_lat numeric(9, 6) not null,
      from_lng numeric(9, 6) not null,
      to_lat numeric(9, 6) not null,
      to_lng numeric(9, 6) not null,
      unique (company_id, truck_id, started_at),
      foreign key (company_id, truck_id) references trucks (company_id, id) on delete cascade
    );
    create index ifta_gaps_company_started_idx on ifta_gaps (company_id, started_at);

    create table ifta_driver_cursor (
      company_id uuid not null references companies (id) on delete cascade,
      driver_id uuid not null,
      recorded_at timestamptz not null,
      lat numeric(9, 6) not null,
      lng numeric(9, 6) not null,
      primary key (company_id, driver_id),
      foreign key (company_id, driver_id) references drivers (company_id, id) on delete cascade
    );
  `.execute(db);

  for (const table of ['fuel_purchases', 'ifta_tax_rates', 'ifta_daily', 'ifta_gaps', 'ifta_driver_cursor']) {
    await sql`
      alter table ${sql.table(table)} enable row level security;
      alter table ${sql.table(table)} force row level security;
      create policy ${sql.id(`${table}_tenant`)} on ${sql.table(table)}
        using (company_id = app_company_id()) with check (company_id = app_company_id());
      create policy ${sql.id(`${table}_master_read`)} on ${sql.table(table)} for select using (app_is_master_admin());
      create policy ${sql.id(`${table}_no_master_admin_insert`)} on ${sql.table(table)} as restrictive for insert to haulwise_app
        with check (app_master_admin_write() is null);
      create policy ${sql.id(`${table}_no_master_admin_update`)} on ${sql.table(table)} as restrictive for update to haulwise_app
        using (app_master_admin_write() is null) with check (app_master_admin_write() is null);
      create policy ${sql.id(`${table}_no_master_admin_delete`)} on ${sql.table(table)} as restrictive for delete to haulwise_app
        using (app_master_admin_write() is null);
      create policy ${sql.id(`${table}_owner`)} on ${sql.table(table)} as permissive for all to current_user using (true) with check (true);
      grant select, insert, update, delete on ${sql.table(table)} to haulwise_app;
    `.execute(db);
  }
  for (const table of ['fuel_purchases', 'ifta_tax_rates']) {
    await sql`
      create trigger ${sql.id(`${table}_audit`)} after insert or update or delete on ${sql.table(table)}
        for each row execute function audit_row();
    `.execute(db);
  }

  await sql`
    alter table audit_logs drop constraint audit_logs_entity_type_check;
    alter table audit_logs add constraint audit_logs_entity_type_check
      check (entity_type in ('loads', 'invoices', 'documents', 'drivers', 'brokers', 'carriers', 'export',
                             'trucks', 'trailers', 'truck_assignments', 'fuel_purchases', 'ifta_tax_rates'));
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop table if exists ifta_driver_cursor, ifta_gaps, ifta_daily, ifta_tax_rates, fuel_purchases;
    delete from audit_logs where entity_type in ('fuel_purchases', 'ifta_tax_rates');
    alter table audit_logs drop constraint audit_logs_entity_type_check;
    alter table audit_logs add constraint audit_logs_entity_type_check
      check (entity_type in ('loads', 'invoices', 'documents', 'drivers', 'brokers', 'carriers', 'export',
                             'trucks', 'trailers', 'truck_assignments'));
  `.execute(db);
}
