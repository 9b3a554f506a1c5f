import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { readable, type Scope } from '../../db/scope.js';
import { normaliseMc } from './extract/normalise.js';

type RateConsDb = Kysely<Database>;

/** The company's own name and MC number: the extraction never reads them as the broker's. */
export async function companyIdentity(
  db: RateConsDb,
  companyId: string,
): Promise<{ carrierName: string | null; carrierMc: string | null }> {
  const row = await db.selectFrom('companies').select(['name', 'mcNumber']).where('id', '=', companyId).executeTakeFirst();
  return { carrierName: row?.name ?? null, carrierMc: row?.mcNumber ?? null };
}

/** Words that say what kind of company a name is, not which: "Acme Logistics, LLC" and "ACME LOGISTICS INC." are one broker. */
const LEGAL_WORDS = '(llc|l l c|inc|incorporated|corp|corporation|co|ltd|limited|lp|llp)';

/** A broker's name as compared: lower case, without its legal form, punctuation or spaces. */
export function normalBrokerName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[.,]/g, ' ')
    .replace(new RegExp(`\\b${LEGAL_WORDS}\\b`, 'g'), ' ')
    .replace(/[^a-z0-9]+/g, '');
}

const normalSql = (column: 'brokers.name' | 'brokers.companyName') =>
  sql<string>`regexp_replace(regexp_replace(regexp_replace(lower(coalesce(${sql.ref(column)}, '')), '[.,]', ' ', 'g'), ${`\\m${LEGAL_WORDS}\\M`}, ' ', 'g'), '[^a-z0-9]+', '', 'g')`;

/**
 * A stored broker's MC number in normaliseMc's form, in SQL: brokers.mc_number holds digits only
 * (its check constraint; the broker schema drops a written "MC-", "MC# " or "MC " prefix before it
 * is stored), so only leading zeros are left to drop ("0123456" is 123456).
 */
const storedMcDigits = sql<string>`ltrim(mc_number, '0')`;

export interface BrokerMatch {
  id: string;
  name: string;
  matchedBy: 'mc' | 'name';
}

/**
 * The company's broker the rate con names: by MC number first, then by name (its contact name or
 * its company name, compared as normalBrokerName does). Only the scope's company's brokers
 * (row-level security, and the filter says so too); the oldest when several match.
 */
export async function matchBroker(
  db: RateConsDb,
  scope: Scope,
  read: { name: string | null; mc: string | null },
): Promise<BrokerMatch | null> {
  const mc = normaliseMc(read.mc);
  if (mc) {
    const byMc = await db
      .selectFrom('brokers')
      .select(['id', 'name', 'companyName'])
      .where(readable(scope, 'brokers'))
      .where('companyId', '=', scope.companyId)
      .where('mcNumber', 'is not', null)
      .where(storedMcDigits, '=', mc)
      .orderBy('createdAt')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (byMc) return { id: byMc.id, name: byMc.companyName ?? byMc.name, matchedBy: 'mc' };
  }
  const name = read.name ? normalBrokerName(read.name) : '';
  if (name.length < 2) return null;
  const byName = await db
    .selectFrom('brokers')
    .select(['id', 'name', 'companyName'])
    .where(readable(scope, 'brokers'))
    .where('companyId', '=', scope.companyId)
    .where((eb) => eb.or([eb(normalSql('brokers.name'), '=', name), eb(normalSql('brokers.companyName'), '=', name)]))
    .orderBy('createdAt')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return byName ? { id: byName.id, name: byName.companyName ?? byName.name, matchedBy: 'name' } : null;
}

/** A load of the company whose broker reference number is the rate con's: a possible duplicate (the newest). */
export async function findDuplicate(
  db: RateConsDb,
  scope: Scope,
  referenceNumber: string | null,
): Promise<{ id: string; loadNumber: string } | null> {
  const reference = referenceNumber?.trim();
  if (!reference) return null;
  const row = await db
    .selectFrom('loads')
    .select(['id', 'loadNumber'])
    .where(readable(scope, 'loads'))
    .where('companyId', '=', scope.companyId)
    .where(sql<boolean>`lower(reference_number) = lower(${reference})`)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}
