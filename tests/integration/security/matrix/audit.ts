import type { Persona, ProcedureRule } from '../authorization-matrix.js';

/** Admins read their company's audit trail; a master admin reads every company's. */
const AUDIT_READERS = ['admin', 'masterAdmin'] as const satisfies readonly Persona[];

export const auditRules = {
  'audit.list': { type: 'query', allowed: AUDIT_READERS, input: () => ({ entityType: 'loads', action: 'updated', search: 'rate' }) },
} satisfies Record<string, ProcedureRule>;
