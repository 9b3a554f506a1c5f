import {
  API_KEY_TEXTS,
  API_KEYS_MAX,
  createApiKeyInput,
  createApiKeyOutput,
  listApiKeysOutput,
  revokeApiKeyInput,
  revokeApiKeyOutput,
} from '#shared/schemas/api-keys.js';
import { createApiKeySecret } from '../../auth/api-key-secret.js';
import { forgetApiKey } from '../../auth/api-key-context.js';
import { AppError } from '../../errors.js';
import { permitted, router } from '../../trpc/procedures.js';
import { countApiKeys, insertApiKey, listApiKeys, revokeApiKey } from './api-keys.repository.js';

/**
 * The company's API keys (Settings → API, admins: apiKeys in shared/src/permissions.ts). A key is
 * answered whole once, at creation; only its SHA-256 is stored. Revoking is immediate on this
 * instance and within a few seconds on the others (auth/api-key-context.ts).
 */
export const apiKeysRouter = router({
  list: permitted('apiKeys', 'read', { readOnly: true })
    .output(listApiKeysOutput)
    .query(async ({ ctx }) => ({ items: await listApiKeys(ctx.db, ctx.scope) })),

  create: permitted('apiKeys', 'write')
    .input(createApiKeyInput)
    .output(createApiKeyOutput)
    .mutation(async ({ ctx, input }) => {
      if ((await countApiKeys(ctx.db, ctx.scope)) >= API_KEYS_MAX) throw new AppError('CONFLICT', API_KEY_TEXTS.tooMany);
      const { key, prefix, secretHash } = createApiKeySecret();
      // A key with an expiry works through the last day named (UTC).
      const expiresAt = input.expiresOn ? new Date(`${input.expiresOn}T23:59:59.999Z`) : null;
      const item = await insertApiKey(ctx.db, ctx.scope, { name: input.name, prefix, secretHash, scopes: input.scopes, expiresAt });
      return { ...item, key };
    }),

  revoke: permitted('apiKeys', 'write')
    .input(revokeApiKeyInput)
    .output(revokeApiKeyOutput)
    .mutation(async ({ ctx, input }) => {
      const revoked = await revokeApiKey(ctx.db, ctx.scope, input.id);
      if (!revoked) throw new AppError('NOT_FOUND', API_KEY_TEXTS.notFound);
      forgetApiKey(revoked.id);
      return revoked;
    }),
});
