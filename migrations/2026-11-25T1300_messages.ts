import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Messages between the people of one company (issue 13), private to their sender and recipient:
 * - the row's company holds both people (composite keys onto profiles) and its load;
 * - replies name the thread's first message (thread_id), of the same company;
 * - row-level security: the tenant policy lets a company's users reach only the messages they
 *   sent or received; a restrictive policy lets nobody send in someone else's name; the app may
 *   only mark a message read (column grants), never edit or delete one;
 * - live: a notice per change naming sender and recipient (the live feed tells only them).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create unique index profiles_company_user_key on profiles (company_id, user_id);

    create table messages (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      sender_id uuid not null,
      recipient_id uuid not null,
      thread_id uuid,
      subject text check (length(subject) between 1 and 200),
      body text not null check (length(body) between 1 and 5000),
      load_id uuid,
      is_read boolean not null default false,
      read_at timestamptz,
      created_at timestamptz not null default now(),
      unique (company_id, id),
      check (sender_id <> recipient_id),
      -- Both people belong to the message's company; a message goes with its people.
      foreign key (company_id, sender_id) references profiles (company_id, user_id) on delete cascade,
      foreign key (company_id, recipient_id) references profiles (company_id, user_id) on delete cascade,
      foreign key (company_id, load_id) references loads (company_id, id) on delete set null (load_id),
      foreign key (company_id, thread_id) references messages (company_id, id) on delete cascade
    );
    create index messages_inbox_idx on messages (company_id, recipient_id, created_at desc, id desc);
    create index messages_sent_idx on messages (company_id, sender_id, created_at desc, id desc);
    create index messages_unread_idx on messages (company_id, recipient_id) where not is_read;
    create index messages_thread_idx on messages (company_id, thread_id, created_at) where thread_id is not null;

    alter table messages enable row level security;
    alter table messages force row level security;
    create policy messages_tenant on messages
      using (company_id = app_company_id() and app_user_id() in (sender_id, recipient_id))
      with check (company_id = app_company_id() and app_user_id() in (sender_id, recipient_id));
    create policy messages_sent_by_self on messages as restrictive for insert
      with check (sender_id = app_user_id());
    create policy messages_read_by_recipient on messages as restrictive for update
      using (recipient_id = app_user_id()) with check (recipient_id = app_user_id());

    grant select, insert on messages to haulwise_app;
    grant update (is_read, read_at) on messages to haulwise_app;

    create function messages_notify() returns trigger
      language plpgsql
      as $$
      declare
        row_data messages := coalesce(new, old);
      begin
        perform notify_event(jsonb_build_object(
          'table', 'messages', 'op', tg_op, 'id', row_data.id, 'company_id', row_data.company_id,
          'actor_id', app_user_id(),
          'sender_id', row_data.sender_id,
          'recipient_id', row_data.recipient_id,
          'status', case when row_data.is_read then 'read' else 'unread' end,
          'old_status', case when tg_op = 'UPDATE' then case when old.is_read then 'read' else 'unread' end end));
        return null;
      end
      $$;
    create trigger messages_notify after insert or update or delete on messages
      for each row execute function messages_notify();
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop table if exists messages cascade;
    drop function if exists messages_notify;
    drop index if exists profiles_company_user_key;
  `.execute(db);
}
