import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Team invitations. The token mailed to the invitee is never stored: only its SHA-256 hash,
 * so a read of this table cannot be turned into a working link.
 *
 * The invitee opens the link before they have a company context, so no tenant policy can
 * find the row. Rather than a SECURITY DEFINER function (which would bypass row-level
 * security for whatever it reads), a SELECT-only policy lets a transaction see exactly the
 * invitation whose token hash it set in app.invitation_token_hash, and the company name that
 * invitation names. Knowing the hash requires knowing the token (256 random bits).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function app_invitation_token_hash() returns text
      language sql stable
      as $$ select nullif(current_setting('app.invitation_token_hash', true), '') $$;

    create table invitations (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      email text not null check (email = lower(email) and length(email) between 3 and 255),
      first_name text not null check (length(first_name) between 1 and 100),
      last_name text not null check (length(last_name) between 1 and 100),
      role text not null check (role in ('admin', 'sales', 'dispatcher', 'treasury')),
      token_hash text not null check (token_hash ~ '^[0-9a-f]{64}$'),
      invited_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null default now() + interval '7 days',
      accepted_at timestamptz,
      revoked_at timestamptz,
      last_sent_at timestamptz not null default now(),
      unique (company_id, id)
    );
    create unique index invitations_token_hash_key on invitations (token_hash);
    -- One open invitation per address and company: a second invite is a resend, not a duplicate.
    create unique index invitations_open_email_key on invitations (company_id, email)
      where accepted_at is null and revoked_at is null;
    create index invitations_company_created_idx on invitations (company_id, created_at desc, id desc);

    alter table invitations enable row level security;
    alter table invitations force row level security;
    create policy invitations_tenant on invitations
      using (company_id = app_company_id()) with check (company_id = app_company_id());
    create policy invitations_master_read on invitations for select using (app_is_master_admin());
    create policy invitations_token_read on invitations for select
      using (token_hash = app_invitation_token_hash());

    -- The accept page names the company that invites: readable only through its invitation's token.
    create policy companies_invitation_read on companies for select
      using (id in (select i.company_id from invitations i where i.token_hash = app_invitation_token_hash()));

    -- Invitations are revoked or accepted, never deleted: the app keeps their history.
    grant select, insert, update on invitations to haulwise_app;
    grant execute on function app_invitation_token_hash() to haulwise_app;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop policy if exists companies_invitation_read on companies;
    drop table if exists invitations cascade;
    drop function if exists app_invitation_token_hash;
  `.execute(db);
}
