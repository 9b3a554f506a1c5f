import { allowedBy, type ProcedureRule } from '../authorization-matrix.js';

/** Counters and recent loads of the caller's company (sales: their own loads). */
export const dashboardRules = {
  'dashboard.summary': { type: 'query', allowed: allowedBy('dashboard', 'read'), input: () => undefined },
  /** The Sales Dashboard's figures: sales only (a master admin passes every guard). */
  'dashboard.sales': { type: 'query', allowed: allowedBy('dashboard', 'sales'), input: () => undefined },
  /** The Dispatch Dashboard's figures: dispatchers only. */
  'dashboard.dispatch': { type: 'query', allowed: allowedBy('dashboard', 'dispatch'), input: () => undefined },
} satisfies Record<string, ProcedureRule>;
