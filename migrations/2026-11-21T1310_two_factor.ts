import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Two-factor authentication: one-time codes and sign-in challenges. Both belong to a user
 * account, not to a company (like sessions), so they carry no company_id and are reached only
 * through the auth code. A code is stored only as a hash; a challenge only as the SHA-256 of
 * the token the browser holds.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table two_factor_codes (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      purpose text not null check (purpose in ('enable', 'sign_in')),
      method text not null check (method in ('sms', 'email')),
      code_hash text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      attempts integer not null default 0 check (attempts >= 0),
      consumed_at timestamptz
    );
    create index two_factor_codes_user_purpose_idx on two_factor_codes (user_id, purpose, created_at desc);

    create table pending_sign_ins (
      id text primary key check (id ~ '^[0-9a-f]{64}$'),
      user_id uuid not null references users (id) on delete cascade,
      method text not null check (method in ('sms', 'email')),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    );
    create index pending_sign_ins_user_id_idx on pending_sign_ins (user_id);

    grant select, insert, update, delete on two_factor_codes, pending_sign_ins to haulwise_app;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists pending_sign_ins, two_factor_codes`.execute(db);
}
