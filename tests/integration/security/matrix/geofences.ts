import { createBroker } from '../../../support/factories.js';
import { loadWithStops } from '../../geofences/fixtures.js';
import { allowedBy, type ProcedureRule, type Sample } from '../authorization-matrix.js';

/** Geofences (issue 31, items 2-4): each row's load is the sales user's (so every loads writer may change it). */

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const visited = ({ company, services }: Sample) =>
  loadWithStops(services.db, company.users.sales, {
    brokerRate: '75.00',
    pickup: { arrivedAt: hoursAgo(5), departedAt: hoursAgo(1) },
  });

export const geofencesRules = {
  'geofences.settings': { type: 'query', allowed: allowedBy('self', 'profile'), input: () => undefined },
  'geofences.updateSettings': {
    type: 'mutation',
    allowed: allowedBy('companySettings', 'write'),
    input: () => ({ radiusMiles: '1', arrivalDwellMinutes: 2, departureDwellMinutes: 3, autoStatus: false, detentionFreeHours: '2' }),
  },
  'geofences.brokerTerms': {
    type: 'query',
    allowed: allowedBy('brokers', 'read'),
    input: async ({ company, services }: Sample) => ({ brokerId: await createBroker(services.db, company.users.admin) }),
  },
  'geofences.setBrokerTerms': {
    type: 'mutation',
    allowed: allowedBy('brokers', 'write'),
    input: async ({ company, services }: Sample) => ({
      brokerId: await createBroker(services.db, company.users.admin),
      detentionFreeHours: '1.5',
      detentionRate: '75',
    }),
  },
  'geofences.stopVisits': {
    type: 'query',
    allowed: allowedBy('loads', 'read'),
    input: async (sample) => ({ loadId: (await visited(sample)).loadId }),
  },
  'geofences.undoVisit': {
    type: 'mutation',
    allowed: allowedBy('loads', 'write'),
    input: async (sample) => ({ stopId: (await visited(sample)).pickupId, what: 'departure' }),
  },
  'geofences.addDetention': {
    type: 'mutation',
    allowed: allowedBy('loads', 'write'),
    input: async (sample) => ({ stopId: (await visited(sample)).pickupId }),
  },
  'geofences.setStopRadius': {
    type: 'mutation',
    allowed: allowedBy('loads', 'write'),
    input: async (sample) => ({ stopId: (await visited(sample)).pickupId, radiusMiles: 2 }),
  },
  'geofences.setStopPoint': {
    type: 'mutation',
    allowed: allowedBy('loads', 'write'),
    input: async (sample) => ({ stopId: (await visited(sample)).deliveryId, lat: 33.76, lng: -84.4 }),
  },
  'geofences.resetStopPoint': {
    type: 'mutation',
    allowed: allowedBy('loads', 'write'),
    input: async (sample) => ({ stopId: (await visited(sample)).deliveryId }),
  },
} satisfies Record<string, ProcedureRule>;
