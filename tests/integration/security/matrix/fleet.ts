import { allowedBy, type ProcedureRule } from '../authorization-matrix.js';

/** The fleet map: admins and dispatchers, a master admin across companies. */
export const fleetRules = {
  'fleet.list': { type: 'query', allowed: allowedBy('fleet', 'read'), input: () => ({}) },
} satisfies Record<string, ProcedureRule>;
