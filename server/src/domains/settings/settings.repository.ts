import type { Kysely } from 'kysely';
import type { TwoFactorMethod } from '#shared/schemas/two-factor.js';
import type { SettingsOutput, UpdateCompanyInput } from '#shared/schemas/settings.js';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/** The signed-in user's profile (with the account email and two-factor state) and their company. */
export async function readSettings(
  db: Db,
  scope: { userId: string; companyId: string },
): Promise<Omit<SettingsOutput, 'canEditAccountId' | 'canEditCompany'> | null> {
  const row = await db
    .selectFrom('profiles')
    .innerJoin('users', 'users.id', 'profiles.userId')
    .innerJoin('companies', 'companies.id', 'profiles.companyId')
    .select([
      'profiles.firstName',
      'profiles.lastName',
      'profiles.phone',
      'profiles.twoFactorEnabled',
      'profiles.twoFactorMethod',
      'users.email',
      'companies.name as companyName',
      'companies.email as companyEmail',
      'companies.phone as companyPhone',
      'companies.address as companyAddress',
      'companies.mcNumber',
      'companies.dotNumber',
      'companies.airwallexAccountId',
    ])
    .where('profiles.userId', '=', scope.userId)
    .where('profiles.companyId', '=', scope.companyId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    profile: {
      firstName: row.firstName,
      lastName: row.lastName,
      phone: row.phone,
      email: row.email,
      twoFactor: { enabled: row.twoFactorEnabled, method: row.twoFactorMethod },
    },
    company: {
      name: row.companyName,
      email: row.companyEmail,
      phone: row.companyPhone,
      address: row.companyAddress,
      mcNumber: row.mcNumber,
      dotNumber: row.dotNumber,
      airwallexAccountId: row.airwallexAccountId,
    },
  };
}

export async function readTwoFactorProfile(db: Db, userId: string) {
  return db
    .selectFrom('profiles')
    .innerJoin('users', 'users.id', 'profiles.userId')
    .select(['profiles.phone', 'profiles.twoFactorEnabled', 'profiles.twoFactorMethod', 'users.email'])
    .where('profiles.userId', '=', userId)
    .executeTakeFirst();
}

export async function updateProfile(db: Db, userId: string, values: { firstName: string; lastName: string; phone: string | null }) {
  await db
    .updateTable('profiles')
    .set({ firstName: values.firstName, lastName: values.lastName, phone: values.phone })
    .where('userId', '=', userId)
    .execute();
}

export async function setTwoFactor(db: Db, userId: string, state: { enabled: boolean; method?: TwoFactorMethod }) {
  await db
    .updateTable('profiles')
    .set({ twoFactorEnabled: state.enabled, ...(state.method ? { twoFactorMethod: state.method } : {}) })
    .where('userId', '=', userId)
    .execute();
}

export async function saveAccountId(db: Db, companyId: string, accountId: string): Promise<boolean> {
  const result = await db.updateTable('companies').set({ airwallexAccountId: accountId }).where('id', '=', companyId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The company's email, phone, address, MC and DOT numbers: the values given change (null clears one), the rest
 * stay. Answers the company as Settings shows it, or undefined when the row is not the caller's.
 */
export async function updateCompany(
  db: Db,
  companyId: string,
  values: { [Field in keyof UpdateCompanyInput]?: string | null | undefined },
): Promise<SettingsOutput['company'] | undefined> {
  const changes = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
  const columns = ['name', 'email', 'phone', 'address', 'mcNumber', 'dotNumber', 'airwallexAccountId'] as const;
  if (Object.keys(changes).length === 0) {
    return db.selectFrom('companies').select(columns).where('id', '=', companyId).executeTakeFirst();
  }
  return db.updateTable('companies').set(changes).where('id', '=', companyId).returning(columns).executeTakeFirst();
}
