import type { Persona, ProcedureRule } from '../authorization-matrix.js';

/** Staff of every role place loads on the map (and a master admin, who passes every role check); drivers and strangers cannot. */
const GEO_READERS = ['admin', 'sales', 'dispatcher', 'treasury', 'masterAdmin'] as const satisfies readonly Persona[];

/** The gazetteer reads no company data, so the sample inputs name no records. */
export const geoRules = {
  'geo.locate': { type: 'query', allowed: GEO_READERS, input: () => ({ city: 'Chicago', state: 'IL' }) },
  'geo.estimateDistance': {
    type: 'query',
    allowed: GEO_READERS,
    input: () => ({ pickup: { city: 'Chicago', state: 'IL' }, delivery: { city: 'Dallas', state: 'TX' } }),
  },
} satisfies Record<string, ProcedureRule>;
