import { randomUUID } from 'node:crypto';
import { type ProcedureRule, type Sample } from '../authorization-matrix.js';
import { linkDriverAccount } from './portal.js';

/** Only the driver persona gets a linked record with consent; everyone else reports with none (and is refused). */
export const positionsRules = {
  'positions.report': {
    type: 'mutation',
    allowed: ['driver'],
    input: async (sample: Sample) => {
      if (sample.user !== null && sample.user.userId === sample.company.users.driver.userId) {
        await linkDriverAccount(sample.services, sample.company, { consent: true });
      }
      return {
        positions: [{ idempotencyKey: randomUUID(), recordedAt: new Date().toISOString(), lat: 32.7767, lng: -96.797, accuracy: 12 }],
      };
    },
  },
} satisfies Record<string, ProcedureRule>;
