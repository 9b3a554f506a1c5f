import { z } from 'zod';
import { optionalDate, requiredText, timestamp } from './fields.js';
import { positionsReportInput } from './positions.js';

/**
 * API keys per company (issue 28, item 2; README "API and webhooks"). An admin makes a key in
 * Settings → API; the key (`hw_live_…`) is answered once and only its SHA-256 is stored. A call
 * with `Authorization: Bearer hw_live_…` acts as the company's integration: the permission table
 * as the key's creator (an admin), narrowed by the key's scopes, under row-level security.
 */

/** The resources a key may be given, each one domain of the permission table (shared/src/permissions.ts). */
export const API_KEY_RESOURCES = ['loads', 'drivers', 'brokers', 'carriers', 'documents', 'invoices', 'trackingLinks'] as const;
export type ApiKeyResource = (typeof API_KEY_RESOURCES)[number];

export const API_KEY_RESOURCE_LABELS: Record<ApiKeyResource, string> = {
  loads: 'Loads',
  drivers: 'Drivers',
  brokers: 'Brokers',
  carriers: 'Carriers',
  documents: 'Documents',
  invoices: 'Invoices',
  trackingLinks: 'Tracking links',
};

/** What a key may do with one resource: read it, or read and write it (none: the resource is left out of the scopes). */
export const API_KEY_ACCESS = ['read', 'write'] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];

/** A key's scopes: each resource it reaches, read or write. */
export const apiKeyScopes = z.partialRecord(
  z.enum(API_KEY_RESOURCES, { error: 'Scope names an unknown resource' }),
  z.enum(API_KEY_ACCESS, { error: 'Scope must be read or write' }),
);
export type ApiKeyScopes = z.infer<typeof apiKeyScopes>;

/** The "Read-only" preset: every resource, read. */
export const READ_ONLY_SCOPES: ApiKeyScopes = Object.fromEntries(API_KEY_RESOURCES.map((resource) => [resource, 'read']));
/** The "Read and write" preset: every resource, write. */
export const READ_WRITE_SCOPES: ApiKeyScopes = Object.fromEntries(API_KEY_RESOURCES.map((resource) => [resource, 'write']));

/** Keys per company at most (revoked ones included): a list that cannot grow without bound. */
export const API_KEYS_MAX = 50;
/** Calls a key may make a minute (per server instance). */
export const API_KEY_CALLS_PER_MINUTE = 600;
/** Every key starts so: a secret scanner recognises it, and so does our Authorization reader. */
export const API_KEY_PREFIX = 'hw_live_';
/** Characters of a key shown in lists (its prefix and the first few random ones). */
export const API_KEY_SHOWN_CHARS = 12;

export const API_KEY_TEXTS = {
  nameRequired: 'Name is required',
  scopesRequired: 'Choose at least one resource for the key',
  expiryPast: 'Expires on must be a future date',
  tooMany: `A company can have at most ${API_KEYS_MAX} API keys. Revoke and remove unused ones first.`,
  notFound: 'API key not found',
  invalid: 'Invalid API key',
  revoked: 'This API key was revoked',
  expired: 'This API key has expired',
  creatorGone: "This API key's creator is no longer an admin of the company; make a new key",
  suspended: 'This company is suspended',
  outOfScope: "This API key's scope does not allow this",
  rateLimited: `Too many requests with this API key (at most ${API_KEY_CALLS_PER_MINUTE} a minute). Please wait and try again.`,
} as const;

export const createApiKeyInput = z.object({
  name: requiredText('Name', 100),
  scopes: apiKeyScopes.refine((scopes) => Object.keys(scopes).length > 0, API_KEY_TEXTS.scopesRequired),
  /** The last day the key works (UTC), or none: it works until revoked. */
  expiresOn: optionalDate('Expires on').refine(
    (value) => value == null || value > new Date().toISOString().slice(0, 10),
    API_KEY_TEXTS.expiryPast,
  ),
});
export type CreateApiKeyInput = z.input<typeof createApiKeyInput>;

export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

export const apiKeyItem = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The key's first characters, for recognising it (never enough to use it). */
  prefix: z.string(),
  scopes: apiKeyScopes,
  expiresAt: timestamp.nullable(),
  lastUsedAt: timestamp.nullable(),
  revokedAt: timestamp.nullable(),
  createdAt: timestamp,
  createdByName: z.string().nullable(),
  status: z.enum(API_KEY_STATUSES),
});
export type ApiKeyItem = z.infer<typeof apiKeyItem>;

export const listApiKeysOutput = z.object({ items: z.array(apiKeyItem) });
/** The new key, whole, answered this once. */
export const createApiKeyOutput = apiKeyItem.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createApiKeyOutput>;

export const revokeApiKeyInput = z.object({ id: z.uuid('API key is invalid') });
export const revokeApiKeyOutput = apiKeyItem;

/**
 * Whether a key's scopes allow one action of the permission table (on top of the table itself):
 * a resource's 'read' allows its read, 'write' every action of it but an invitation (a key never
 * invites a person); a domain that is no resource (team, settings, audit, one's own account) never.
 */
export function apiKeyAllows(scopes: ApiKeyScopes, access: { domain: string; action: string } | { public: string }): boolean {
  if ('public' in access) return false;
  const granted = (scopes as Record<string, ApiKeyAccess | undefined>)[access.domain];
  if (!granted || !(API_KEY_RESOURCES as readonly string[]).includes(access.domain)) return false;
  if (access.action === 'read') return true;
  return granted === 'write' && access.action !== 'invite';
}

/** The REST API's positions ingest: a batch of one driver's positions (an ELD or telematics integration), as the driver's app reports them. */
export const driverPositionsInput = positionsReportInput.extend({ driverId: z.uuid('Driver is invalid') });
export const API_POSITIONS_TEXTS = {
  keyOnly: "Positions are reported by the driver's own app, or by an integration with an API key",
  driverNotFound: 'Driver not found',
} as const;
