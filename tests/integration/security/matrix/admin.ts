import type { Persona, ProcedureRule } from '../authorization-matrix.js';

/** The master admin's console: nobody else, not even a company's admin. */
const MASTER_ADMIN_ONLY = ['masterAdmin'] as const satisfies readonly Persona[];

export const adminRules = {
  'admin.stats': { type: 'query', allowed: MASTER_ADMIN_ONLY, input: () => undefined },
  'admin.companies': { type: 'query', allowed: MASTER_ADMIN_ONLY, input: () => undefined },
  // Reactivating an active company changes nothing, so the row can run as often as the matrix likes.
  'admin.setCompanyStatus': {
    type: 'mutation',
    allowed: MASTER_ADMIN_ONLY,
    input: ({ company }) => ({ companyId: company.companyId, status: 'active' }),
  },
  // Idempotent: after the first run every account is reported as already present.
  'admin.seedTestUsers': { type: 'mutation', allowed: MASTER_ADMIN_ONLY, input: () => undefined },
  'admin.outbox': { type: 'query', allowed: MASTER_ADMIN_ONLY, input: () => undefined },
} satisfies Record<string, ProcedureRule>;
