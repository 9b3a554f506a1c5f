import { sql, type Kysely } from 'kysely';
import type { LoadDetail } from '#shared/schemas/loads.js';
import type { Database } from '../../db/schema.js';
import type { Scope } from '../../db/scope.js';
import { isoTimestamp } from '../../db/sql.js';
import { findLoad, findWritableLoad } from '../loads/loads.repository.js';

type Db = Kysely<Database>;

/** The company as its paperwork signs: Settings' Company Information. */
export interface PaperworkCompany {
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  mcNumber: string | null;
  dotNumber: string | null;
}

export interface PaperworkPerson {
  name: string;
  phone: string | null;
  email: string | null;
}

/** What a load's paperwork shows: the load (its stops in order), its company, its driver and the dispatcher who sends it. */
export interface PaperworkData {
  load: LoadDetail;
  company: PaperworkCompany | null;
  driver: PaperworkPerson | null;
  dispatcher: PaperworkPerson | null;
}

const nameOf = (first: string | null | undefined, last: string | null | undefined) => [first, last].filter(Boolean).join(' ').trim();

/** The load's company (a master admin's read may name another company's load: the load's own company signs it). */
async function companyOf(db: Db, companyId: string): Promise<PaperworkCompany | null> {
  const row = await db
    .selectFrom('companies')
    .select(['name', 'email', 'phone', 'address', 'mcNumber', 'dotNumber'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row ?? null;
}

/** The load's driver: name, phone and email (the driver record's, else the linked account's). */
async function driverOf(db: Db, companyId: string, driverId: string | null): Promise<PaperworkPerson | null> {
  if (!driverId) return null;
  const row = await db
    .selectFrom('drivers')
    .leftJoin('users', 'users.id', 'drivers.userId')
    .select([
      'drivers.firstName',
      'drivers.lastName',
      'drivers.phone',
      sql<string | null>`coalesce(nullif(drivers.email, ''), users.email)`.as('email'),
    ])
    .where('drivers.companyId', '=', companyId)
    .where('drivers.id', '=', driverId)
    .executeTakeFirst();
  return row ? { name: nameOf(row.firstName, row.lastName), phone: row.phone, email: row.email } : null;
}

/** A member as the sheet names its dispatcher: their profile's name and phone, and their account's email. */
export async function memberContact(db: Db, userId: string | null): Promise<PaperworkPerson | null> {
  if (!userId) return null;
  const row = await db
    .selectFrom('profiles')
    .innerJoin('users', 'users.id', 'profiles.userId')
    .select(['profiles.firstName', 'profiles.lastName', 'profiles.phone', 'users.email'])
    .where('profiles.userId', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return { name: nameOf(row.firstName, row.lastName) || row.email, phone: row.phone, email: row.email };
}

async function dataOf(db: Db, load: LoadDetail, dispatcherId: string | null): Promise<PaperworkData> {
  // One after another: the call's one connection.
  const company = await companyOf(db, load.companyId);
  const driver = await driverOf(db, load.companyId, load.driverId);
  const dispatcher = await memberContact(db, dispatcherId);
  return { load, company, driver, dispatcher };
}

/**
 * The paperwork of a load the scope may read (another company's, or a sales user's not their own:
 * undefined, as loads.get), signed by the caller as its dispatcher.
 */
export async function readablePaperwork(db: Db, scope: Scope, loadId: string): Promise<PaperworkData | undefined> {
  const load = await findLoad(db, scope, loadId);
  return load && dataOf(db, load, scope.userId);
}

/** The same, of a load the scope may change (sending it is a change of the load's record). */
export async function writablePaperwork(db: Db, scope: Scope, loadId: string): Promise<PaperworkData | undefined> {
  const load = await findWritableLoad(db, scope, loadId);
  return load && dataOf(db, load, scope.userId);
}

/** The company itself reading (the mail job, the driver's own download): every load of the company. */
const companyScope = (companyId: string): Scope => ({
  userId: '',
  companyId,
  role: 'admin',
  isMasterAdmin: false,
  readsCompanyId: companyId,
});

/**
 * The paperwork of a sent confirmation, as it is now, signed by whoever sent it: `db` is a
 * transaction of `companyId` (row-level security keeps every other company out).
 */
export async function sentConfirmationPaperwork(db: Db, companyId: string, confirmationId: string): Promise<PaperworkData | undefined> {
  const sent = await db
    .selectFrom('loadConfirmations')
    .select(['loadId', 'sentBy'])
    .where('companyId', '=', companyId)
    .where('id', '=', confirmationId)
    .executeTakeFirst();
  if (!sent) return undefined;
  const load = await findLoad(db, companyScope(companyId), sent.loadId);
  return load && dataOf(db, load, sent.sentBy);
}

/** Records a sending of the load's confirmation; answers the row. */
export async function insertConfirmation(db: Db, scope: Scope, values: { loadId: string; emailedTo: string | null }) {
  return db
    .insertInto('loadConfirmations')
    .values({ companyId: scope.companyId, loadId: values.loadId, sentBy: scope.userId, emailedTo: values.emailedTo })
    .returning(['id', 'loadId', isoTimestamp('sentAt').as('sentAt'), 'emailedTo'])
    .executeTakeFirstOrThrow();
}

/** The load's newest sending (the load is one the caller may read). */
export async function latestConfirmation(db: Db, companyId: string, loadId: string) {
  return db
    .selectFrom('loadConfirmations')
    .select([isoTimestamp('sentAt').as('sentAt'), 'emailedTo'])
    .where('companyId', '=', companyId)
    .where('loadId', '=', loadId)
    .orderBy('sentAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The newest sending of the driver's own load's confirmation (another driver's load, or one never sent: undefined). */
export async function latestOwnConfirmation(db: Db, companyId: string, driverId: string, loadId: string) {
  return db
    .selectFrom('loadConfirmations')
    .innerJoin('loads', (join) =>
      join.onRef('loads.companyId', '=', 'loadConfirmations.companyId').onRef('loads.id', '=', 'loadConfirmations.loadId'),
    )
    .select(['loadConfirmations.id'])
    .where('loads.companyId', '=', companyId)
    .where('loads.driverId', '=', driverId)
    .where('loads.id', '=', loadId)
    .orderBy('loadConfirmations.sentAt', 'desc')
    .orderBy('loadConfirmations.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
