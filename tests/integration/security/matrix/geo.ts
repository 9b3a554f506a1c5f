import { allowedBy, type ProcedureRule } from '../authorization-matrix.js';

/** The gazetteer reads no company data, so the inputs name no records. */
export const geoRules = {
  'geo.locate': { type: 'query', allowed: allowedBy('geo', 'read'), input: () => ({ city: 'Chicago', state: 'IL' }) },
  'geo.estimateDistance': {
    type: 'query',
    allowed: allowedBy('geo', 'read'),
    input: () => ({ pickup: { city: 'Chicago', state: 'IL' }, delivery: { city: 'Dallas', state: 'TX' } }),
  },
  'geo.describe': { type: 'query', allowed: allowedBy('geo', 'read'), input: () => ({ points: [{ lat: 35.15, lng: -90.05 }] }) },
} satisfies Record<string, ProcedureRule>;
