import { withCompany } from '../../../../server/src/db/with-company.js';
import { createTrackingToken } from '../../../../server/src/domains/tracking/tracking-token.js';
import type { AppServices } from '../../../../server/src/services/services.js';
import { createLoad, type TestCompany } from '../../../support/factories.js';
import { ALL_PERSONAS, allowedBy, type ProcedureRule, type Sample } from '../authorization-matrix.js';

/**
 * A tracking link of the company's load, made by its dispatcher (expiring in `expiresInSeconds`, a
 * week by default; showing the truck's exact position unless `positionPrecision` says 'city'): its id and token.
 */
export async function createTrackingLink(
  services: AppServices,
  company: TestCompany,
  loadId: string,
  options: { expiresInSeconds?: number; positionPrecision?: 'exact' | 'city' } = {},
): Promise<{ id: string; token: string }> {
  const { token, tokenHash } = createTrackingToken();
  const dispatcher = company.users.dispatcher;
  const row = await withCompany(services.db, dispatcher, (tx) =>
    tx
      .insertInto('trackingLinks')
      .values({
        companyId: company.companyId,
        loadId,
        tokenHash,
        expiresAt: new Date(Date.now() + (options.expiresInSeconds ?? 7 * 86_400) * 1000),
        createdBy: dispatcher.userId,
        positionPrecision: options.positionPrecision ?? 'exact',
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return { id: row.id, token };
}

/** A load of the caller's company, sold by its sales member, so every reader (sales included) reaches it. */
const loadOf = async ({ company, services }: Sample) => createLoad(services.db, company.users.sales, { status: 'in_transit' });

export const trackingRules = {
  'tracking.loadTrack': { type: 'query', allowed: allowedBy('loads', 'read'), input: async (sample) => ({ loadId: await loadOf(sample) }) },
  'tracking.listLinks': {
    type: 'query',
    allowed: allowedBy('trackingLinks', 'read'),
    input: async (sample) => ({ loadId: await loadOf(sample) }),
  },
  'tracking.createLink': {
    type: 'mutation',
    allowed: allowedBy('trackingLinks', 'write'),
    input: async (sample) => ({ loadId: await loadOf(sample), days: 1 }),
  },
  'tracking.revokeLink': {
    type: 'mutation',
    allowed: allowedBy('trackingLinks', 'write'),
    input: async (sample) => ({ id: (await createTrackingLink(sample.services, sample.company, await loadOf(sample))).id }),
  },
  /** Public: anyone holding a link's token, signed in or not. */
  'tracking.view': {
    type: 'query',
    allowed: ALL_PERSONAS,
    input: async (sample) => ({ token: (await createTrackingLink(sample.services, sample.company, await loadOf(sample))).token }),
  },
} satisfies Record<string, ProcedureRule>;
