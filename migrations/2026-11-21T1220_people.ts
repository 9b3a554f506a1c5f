import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  // Deleting a driver, broker or carrier sets the loads' reference to null (ON DELETE SET NULL),
  // which is an UPDATE of the load: the snapshot trigger then read the name of "no driver" and
  // wiped the name the load had. A reference that went null because its record no longer exists
  // keeps its name; one a user cleared (the record still exists) drops it, as before.
  await sql`
    create or replace function loads_before_write() returns trigger
      language plpgsql
      as $$
      begin
        if tg_op = 'INSERT' or new.driver_id is distinct from old.driver_id then
          if not (tg_op = 'UPDATE' and new.driver_id is null and not exists (select 1 from drivers where id = old.driver_id)) then
            new.driver_name := (select first_name || ' ' || last_name from drivers where id = new.driver_id);
          end if;
        end if;
        if tg_op = 'INSERT' or new.broker_id is distinct from old.broker_id then
          if not (tg_op = 'UPDATE' and new.broker_id is null and not exists (select 1 from brokers where id = old.broker_id)) then
            new.broker_name := (select name from brokers where id = new.broker_id);
          end if;
        end if;
        if tg_op = 'INSERT' or new.carrier_id is distinct from old.carrier_id then
          if not (tg_op = 'UPDATE' and new.carrier_id is null and not exists (select 1 from carriers where id = old.carrier_id)) then
            new.carrier_name := (select name from carriers where id = new.carrier_id);
          end if;
        end if;
        if tg_op = 'UPDATE' and new.status is distinct from old.status then
          new.status_updated_at := now();
        end if;
        if tg_op = 'UPDATE' then
          new.updated_at := now();
        end if;
        return new;
      end
      $$;
  `.execute(db);

  // The Brokers and Carriers pages list newest first with keyset pagination on (created_at, id),
  // and sales read only their own drivers and carriers: indexes that start with company_id for both.
  await sql`
    create index brokers_company_created_idx on brokers (company_id, created_at desc, id desc);
    create index carriers_company_created_idx on carriers (company_id, created_at desc, id desc);
    create index drivers_company_sales_agent_idx on drivers (company_id, sales_agent_id, created_at desc)
      where sales_agent_id is not null;
    create index carriers_company_sales_agent_idx on carriers (company_id, sales_agent_id, created_at desc)
      where sales_agent_id is not null;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop index if exists brokers_company_created_idx, carriers_company_created_idx,
      drivers_company_sales_agent_idx, carriers_company_sales_agent_idx;
    create or replace function loads_before_write() returns trigger
      language plpgsql
      as $$
      begin
        if tg_op = 'INSERT' or new.driver_id is distinct from old.driver_id then
          new.driver_name := (select first_name || ' ' || last_name from drivers where id = new.driver_id);
        end if;
        if tg_op = 'INSERT' or new.broker_id is distinct from old.broker_id then
          new.broker_name := (select name from brokers where id = new.broker_id);
        end if;
        if tg_op = 'INSERT' or new.carrier_id is distinct from old.carrier_id then
          new.carrier_name := (select name from carriers where id = new.carrier_id);
        end if;
        if tg_op = 'UPDATE' and new.status is distinct from old.status then
          new.status_updated_at := now();
        end if;
        if tg_op = 'UPDATE' then
          new.updated_at := now();
        end if;
        return new;
      end
      $$;
  `.execute(db);
}
