import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type TwoFactorPurpose = 'enable' | 'sign_in';

/** One-time codes (migrations/2026-11-21T1310_two_factor.ts): only the hash of the code is kept. */
export interface TwoFactorCodesTable {
  id: Generated<string>;
  userId: string;
  purpose: TwoFactorPurpose;
  method: 'sms' | 'email';
  codeHash: string;
  createdAt: DefaultedTimestamp;
  expiresAt: Timestamp;
  attempts: Generated<number>;
  consumedAt: Timestamp | null;
}

/** A password sign-in waiting for its code; id is the SHA-256 (hex) of the challenge token. */
export interface PendingSignInsTable {
  id: string;
  userId: string;
  method: 'sms' | 'email';
  createdAt: DefaultedTimestamp;
  expiresAt: Timestamp;
}

// A type alias, not an interface: withTables needs its implicit index signature.
export type TwoFactorTables = {
  twoFactorCodes: TwoFactorCodesTable;
  pendingSignIns: PendingSignInsTable;
};

/**
 * The two-factor tables are global (no company_id), like sessions, and only the auth code
 * reaches them. They are declared here rather than in db/schema.ts so this feature stays in
 * its own files. withTables keeps the handle's connection: a transaction stays that transaction.
 */
export function twoFactorDb(db: Kysely<Database>): Kysely<Database & TwoFactorTables> {
  return db.withTables<TwoFactorTables>();
}
