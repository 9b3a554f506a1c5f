import { allowedBy, type ProcedureRule } from '../authorization-matrix.js';

/** The analytics page's figures (a sales user's own loads; the company for admins and treasury). */
export const analyticsRules = {
  'analytics.report': { type: 'query', allowed: allowedBy('analytics', 'read'), input: () => ({ range: 'this_month' }) },
} satisfies Record<string, ProcedureRule>;
