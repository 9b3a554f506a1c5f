import type { Kysely } from 'kysely';
import type { TwoFactorMethod } from '#shared/schemas/two-factor.js';
import type { SettingsOutput } from '#shared/schemas/settings.js';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/** The signed-in user's profile (with the account email and two-factor state) and their company. */
export async function readSettings(
  db: Db,
  scope: { userId: string; companyId: string },
): Promise<Omit<SettingsOutput, 'canEditAccountId'> | null> {
  const row = await db
    .selectFrom('profiles')
    .innerJoin('users', 'users.id', 'profiles.user_id')
    .innerJoin('companies', 'companies.id', 'profiles.company_id')
    .select([
      'profiles.first_name',
      'profiles.last_name',
      'profiles.phone',
      'profiles.two_factor_enabled',
      'profiles.two_factor_method',
      'users.email',
      'companies.name as company_name',
      'companies.email as company_email',
      'companies.phone as company_phone',
      'companies.address as company_address',
      'companies.airwallex_account_id',
    ])
    .where('profiles.user_id', '=', scope.userId)
    .where('profiles.company_id', '=', scope.companyId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    profile: {
      firstName: row.first_name,
      lastName: row.last_name,
      phone: row.phone,
      email: row.email,
      twoFactor: { enabled: row.two_factor_enabled, method: row.two_factor_method },
    },
    company: {
      name: row.company_name,
      email: row.company_email,
      phone: row.company_phone,
      address: row.company_address,
      airwallexAccountId: row.airwallex_account_id,
    },
  };
}

export async function readTwoFactorProfile(db: Db, userId: string) {
  return db
    .selectFrom('profiles')
    .innerJoin('users', 'users.id', 'profiles.user_id')
    .select(['profiles.phone', 'profiles.two_factor_enabled', 'profiles.two_factor_method', 'users.email'])
    .where('profiles.user_id', '=', userId)
    .executeTakeFirst();
}

export async function updateProfile(db: Db, userId: string, values: { firstName: string; lastName: string; phone: string | null }) {
  await db
    .updateTable('profiles')
    .set({ first_name: values.firstName, last_name: values.lastName, phone: values.phone })
    .where('user_id', '=', userId)
    .execute();
}

export async function setTwoFactor(db: Db, userId: string, state: { enabled: boolean; method?: TwoFactorMethod }) {
  await db
    .updateTable('profiles')
    .set({ two_factor_enabled: state.enabled, ...(state.method ? { two_factor_method: state.method } : {}) })
    .where('user_id', '=', userId)
    .execute();
}

export async function saveAccountId(db: Db, companyId: string, accountId: string): Promise<boolean> {
  const result = await db.updateTable('companies').set({ airwallex_account_id: accountId }).where('id', '=', companyId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
