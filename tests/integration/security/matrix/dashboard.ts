import { allowedBy, type ProcedureRule } from '../authorization-matrix.js';

/** Counters and recent loads of the caller's company (sales: their own loads). */
export const dashboardRules = {
  'dashboard.summary': { type: 'query', allowed: allowedBy('dashboard', 'read'), input: () => undefined },
} satisfies Record<string, ProcedureRule>;
