import type { Kysely } from 'kysely';
import type { TwoFactorMethod } from '#shared/schemas/two-factor.js';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/**
 * Two-factor switched on (or its method changed) by a right code: SMS codes go from now on to the
 * number that code was sent to, and only to it (profiles.two_factor_phone). Changing the profile's
 * phone later changes nothing here: a new number is proven by a code of its own.
 */
export async function turnOnTwoFactor(db: Db, userId: string, method: TwoFactorMethod, provenPhone: string | null): Promise<void> {
  await db
    .updateTable('profiles')
    .set({ twoFactorEnabled: true, twoFactorMethod: method, twoFactorPhone: method === 'sms' ? provenPhone : null })
    .where('userId', '=', userId)
    .execute();
}

/** Two-factor off: no number is kept for it. */
export async function turnOffTwoFactor(db: Db, userId: string): Promise<void> {
  await db.updateTable('profiles').set({ twoFactorEnabled: false, twoFactorPhone: null }).where('userId', '=', userId).execute();
}
