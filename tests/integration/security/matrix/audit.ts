import { allowedBy, type ProcedureRule } from '../authorization-matrix.js';

export const auditRules = {
  'audit.list': {
    type: 'query',
    allowed: allowedBy('audit', 'read'),
    input: () => ({ entityType: 'loads', action: 'updated', search: 'rate' }),
  },
} satisfies Record<string, ProcedureRule>;
