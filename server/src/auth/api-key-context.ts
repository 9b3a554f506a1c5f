import { sql } from 'kysely';
import { API_KEY_CALLS_PER_MINUTE, API_KEY_TEXTS, apiKeyScopes, type ApiKeyScopes } from '#shared/schemas/api-keys.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import type { Db, Tx } from '../db/database.js';
import { FloodGuard } from '../services/rate-limit-http.js';
import type { AppServices } from '../services/services.js';
import { bearerApiKey, hashApiKey } from './api-key-secret.js';

/**
 * The API key actor (issue 28, item 2): a call made with `Authorization: Bearer hw_live_…` acts
 * as its company's integration. Its session is its creator's identity (an admin of the company:
 * the permission table as for them), never a master admin, and the guard of every procedure
 * (trpc/procedures.ts) narrows it by the key's scopes (apiKeyAllows) and names the key in the
 * audit trail of its writes (app.api_key_id, markApiKeyCall).
 */
export interface ApiKeyActor {
  id: string;
  name: string;
  scopes: ApiKeyScopes;
}

export type ReadApiKey =
  { actor: ApiKeyActor; session: SessionOutput } | { refusal: { status: 401 | 403 | 429; message: string; retryAfterSeconds?: number } };

interface Resolved {
  actor: ApiKeyActor;
  session: SessionOutput | null;
  expiresAt: number | null;
  revoked: boolean;
  companyActive: boolean;
}

/** A key read in the last few seconds costs no round trip (as a session: trpc/session-cache.ts); revoking drops it at once here. */
const CACHE_MS = 5_000;
const cache = new Map<string, { resolved: Resolved | null; until: number }>();
const CACHE_MAX = 10_000;
/** Calls per key a minute, counted in this instance's memory (services/rate-limit-http.ts), one counter per started server. */
const limits = new WeakMap<Db, FloodGuard>();

/** Forgets a key on this instance (it was revoked): the next call reads it again. */
export function forgetApiKey(id: string): void {
  for (const [hash, entry] of cache) if (entry.resolved?.actor.id === id) cache.delete(hash);
}

async function resolve(db: Db, secretHash: string): Promise<Resolved | null> {
  const now = Date.now();
  const cached = cache.get(secretHash);
  if (cached && cached.until > now) return cached.resolved;
  // Before the company is known: the one security-definer read by the key's hash (it also moves last_used_at, at most once a minute).
  const { rows } = await sql<{
    id: string;
    companyId: string;
    name: string;
    scopes: unknown;
    expiresAt: Date | null;
    revokedAt: Date | null;
    userId: string | null;
    email: string | null;
    firstName: string | null;
    lastName: string | null;
    role: string | null;
    companyName: string;
    subscriptionStatus: string;
  }>`select * from app_api_key_use(${secretHash})`.execute(db);
  const row = rows[0];
  let resolved: Resolved | null = null;
  if (row) {
    const scopes = apiKeyScopes.safeParse(row.scopes);
    const session: SessionOutput | null =
      row.userId && row.role === 'admin'
        ? {
            user: { id: row.userId, email: row.email ?? '', firstName: row.firstName ?? '', lastName: row.lastName ?? '' },
            company: { id: row.companyId, name: row.companyName, subscriptionStatus: row.subscriptionStatus },
            role: 'admin',
            isMasterAdmin: false,
            portal: null,
            emailVerified: true,
          }
        : null;
    resolved = {
      actor: { id: row.id, name: row.name, scopes: scopes.success ? scopes.data : {} },
      session,
      expiresAt: row.expiresAt ? new Date(row.expiresAt).getTime() : null,
      revoked: row.revokedAt !== null,
      companyActive: row.subscriptionStatus !== 'suspended',
    };
  }
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(secretHash, { resolved, until: now + CACHE_MS });
  return resolved;
}

/** Who an Authorization header's API key acts as, or why it is refused (401 no, unknown, revoked or expired key; 429 over its limit). */
export async function readApiKey(services: Pick<AppServices, 'db'>, authorization: string | undefined): Promise<ReadApiKey> {
  const key = bearerApiKey(authorization);
  if (!key) return { refusal: { status: 401, message: 'Send an API key: Authorization: Bearer hw_live_…' } };
  const resolved = await resolve(services.db, hashApiKey(key));
  if (!resolved) return { refusal: { status: 401, message: API_KEY_TEXTS.invalid } };
  if (resolved.revoked) return { refusal: { status: 401, message: API_KEY_TEXTS.revoked } };
  if (resolved.expiresAt !== null && resolved.expiresAt <= Date.now()) return { refusal: { status: 401, message: API_KEY_TEXTS.expired } };
  if (!resolved.session) return { refusal: { status: 401, message: API_KEY_TEXTS.creatorGone } };
  if (!resolved.companyActive) return { refusal: { status: 403, message: API_KEY_TEXTS.suspended } };
  let guard = limits.get(services.db);
  if (!guard) limits.set(services.db, (guard = new FloodGuard(API_KEY_CALLS_PER_MINUTE, 60_000)));
  const over = guard.hit(`key:${resolved.actor.id}`);
  if (over) return { refusal: { status: 429, message: API_KEY_TEXTS.rateLimited, retryAfterSeconds: Number(over.headers['retry-after']) } };
  return { actor: resolved.actor, session: resolved.session };
}

/** Names the key in the call's transaction, so the audit entries of its writes say "by API key '<name>'" (audit_logs.api_key_id). */
export async function markApiKeyCall(db: Tx, apiKeyId: string): Promise<void> {
  await sql`select set_config('app.api_key_id', ${apiKeyId}, true)`.execute(db);
}
