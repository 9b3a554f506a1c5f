import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Accounts and sessions (issue 10):
 * - users.email_verified_at: an address is proven by a link mailed to it (or by accepting an
 *   invitation mailed to it). Accounts made before this migration are not verified: their owners
 *   prove their address once, from the "Verify your email" screen.
 * - email_verifications: the links, stored only as the SHA-256 of their token, single use, expiring.
 * - sign_in_failures: failed passwords per address, for a growing delay instead of a hard block.
 * - sessions.id is the SHA-256 (hex) of the token the cookie carries: existing sessions are
 *   converted in place (they keep working), and the session's fingerprint for the realtime bus
 *   (the first 32 hex characters of that SHA-256) is now simply the start of the stored id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table users add column email_verified_at timestamptz;

    create table email_verifications (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index email_verifications_user_id_idx on email_verifications (user_id, created_at desc);

    create table sign_in_failures (
      email text primary key check (email = lower(email) and length(email) <= 255),
      failures integer not null default 0 check (failures >= 0),
      last_failed_at timestamptz not null default now()
    );

    grant select, insert, update, delete on email_verifications, sign_in_failures to haulwise_app;

    update sessions set id = encode(sha256(convert_to(id, 'UTF8')), 'hex');
    alter table sessions add constraint sessions_id_is_sha256 check (id ~ '^[0-9a-f]{64}$');

    create or replace function sessions_notify() returns trigger
      language plpgsql
      as $$
      begin
        perform notify_event(jsonb_build_object(
          'table', 'sessions', 'op', TG_OP, 'user_id', old.user_id, 'session', left(old.id, 32)));
        return old;
      end
      $$;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // Hashed ids cannot be turned back into tokens: every session ends.
  await sql`
    delete from sessions;
    alter table sessions drop constraint if exists sessions_id_is_sha256;
    create or replace function sessions_notify() returns trigger
      language plpgsql
      as $$
      begin
        perform notify_event(jsonb_build_object(
          'table', 'sessions', 'op', TG_OP, 'user_id', old.user_id,
          'session', left(encode(sha256(convert_to(old.id, 'UTF8')), 'hex'), 32)));
        return old;
      end
      $$;
    drop table if exists sign_in_failures, email_verifications;
    alter table users drop column if exists email_verified_at;
  `.execute(db);
}
