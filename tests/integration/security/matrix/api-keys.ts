import { withCompany } from '../../../../server/src/db/with-company.js';
import { createApiKeySecret } from '../../../../server/src/auth/api-key-secret.js';
import { allowedBy, type ProcedureRule, type Sample } from '../authorization-matrix.js';

/** A key of the caller's company, made by its admin (or the master admin, in their own company): its id. */
async function keyOf({ company, services, user }: Sample): Promise<string> {
  const { prefix, secretHash } = createApiKeySecret();
  const maker = user ?? company.users.admin;
  const row = await withCompany(services.db, { companyId: company.companyId, userId: maker.userId }, (tx) =>
    tx
      .insertInto('apiKeys')
      .values({
        companyId: company.companyId,
        name: 'Matrix key',
        prefix,
        secretHash,
        scopes: JSON.stringify({ loads: 'read' }),
        createdBy: maker.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return row.id;
}

export const apiKeysRules = {
  'apiKeys.list': { type: 'query', allowed: allowedBy('apiKeys', 'read'), input: () => undefined },
  'apiKeys.create': {
    type: 'mutation',
    allowed: allowedBy('apiKeys', 'write'),
    input: () => ({ name: 'Matrix sync', scopes: { loads: 'read' } }),
  },
  'apiKeys.revoke': { type: 'mutation', allowed: allowedBy('apiKeys', 'write'), input: async (sample) => ({ id: await keyOf(sample) }) },
} satisfies Record<string, ProcedureRule>;
