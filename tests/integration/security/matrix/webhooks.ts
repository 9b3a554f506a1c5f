import { randomUUID } from 'node:crypto';
import { withCompany } from '../../../../server/src/db/with-company.js';
import { allowedBy, type ProcedureRule, type Sample } from '../authorization-matrix.js';

/**
 * Webhooks (issue 28, item 3): admins only. The endpoints point at a closed loopback port (allowed
 * outside production); a delivery attempt to it fails harmlessly.
 */
const URL = 'http://127.0.0.1:9/matrix-hook';

/** A webhook endpoint of the sample's company, written directly (its secret is never answered again). */
async function newEndpoint({ services, company, user }: Sample): Promise<string> {
  const by = { companyId: company.companyId, userId: user?.userId ?? null };
  return withCompany(services.db, by, async (tx) => {
    const row = await tx
      .insertInto('webhookEndpoints')
      .values({
        companyId: company.companyId,
        url: URL,
        description: 'Matrix',
        events: ['load.created'],
        secret: `whsec_${Buffer.alloc(24, 1).toString('base64')}`,
        createdBy: user?.userId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** An enabled endpoint of the company: an existing one when there is (the company's limit is 20), else a new one. */
async function endpointOf(sample: Sample): Promise<string> {
  const by = { companyId: sample.company.companyId, userId: null };
  const existing = await withCompany(sample.services.db, by, (tx) =>
    tx.selectFrom('webhookEndpoints').select('id').where('enabled', '=', true).limit(1).executeTakeFirst(),
  );
  return existing?.id ?? newEndpoint(sample);
}

/** A delivery of an enabled endpoint of the company. */
async function deliveryOf(sample: Sample): Promise<string> {
  const endpointId = await endpointOf(sample);
  return withCompany(sample.services.db, { companyId: sample.company.companyId, userId: null }, async (tx) => {
    const row = await tx
      .insertInto('webhookDeliveries')
      .values({
        companyId: sample.company.companyId,
        endpointId,
        eventType: 'load.created',
        eventId: `msg_${randomUUID().replaceAll('-', '')}`,
        payload: JSON.stringify({ type: 'load.created', data: {} }),
        status: 'failed',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export const webhooksRules = {
  'webhooks.listEndpoints': { type: 'query', allowed: allowedBy('webhooks', 'read'), input: () => undefined },
  'webhooks.createEndpoint': {
    type: 'mutation',
    allowed: allowedBy('webhooks', 'write'),
    // The company's limit: the endpoints earlier rows made are removed first.
    input: async ({ services, company }) => {
      await withCompany(services.db, { companyId: company.companyId, userId: null }, (tx) =>
        tx.deleteFrom('webhookEndpoints').where('url', '=', URL).execute(),
      );
      return { url: URL, description: 'Matrix', events: ['load.created'] };
    },
  },
  'webhooks.updateEndpoint': {
    type: 'mutation',
    allowed: allowedBy('webhooks', 'write'),
    input: async (sample) => ({ id: await endpointOf(sample), description: 'Matrix again', enabled: true }),
  },
  'webhooks.deleteEndpoint': {
    type: 'mutation',
    allowed: allowedBy('webhooks', 'write'),
    input: async (sample) => ({ id: await newEndpoint(sample) }),
  },
  'webhooks.listDeliveries': {
    type: 'query',
    allowed: allowedBy('webhooks', 'read'),
    input: async (sample) => ({ endpointId: await endpointOf(sample) }),
  },
  'webhooks.resend': {
    type: 'mutation',
    allowed: allowedBy('webhooks', 'write'),
    input: async (sample) => ({ id: await deliveryOf(sample) }),
  },
  'webhooks.sendTest': {
    type: 'mutation',
    allowed: allowedBy('webhooks', 'write'),
    input: async (sample) => ({ id: await endpointOf(sample) }),
  },
} satisfies Record<string, ProcedureRule>;
