import { auditListInput, auditListOutput } from '#shared/schemas/audit.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { listAuditEntries } from './audit.repository.js';

/**
 * The Audit Logs screen: admins read their company's trail; a master admin reads every
 * company's through the audited cross-company path. The newest 100 entries that match the
 * filters, with how many match in all.
 */
export const listAuditLogsProcedure = permittedProcedure('audit', 'read')
  .input(auditListInput)
  .output(auditListOutput)
  .query(({ ctx, input }) => listAuditEntries(ctx.db, { companyId: ctx.session.isMasterAdmin ? null : ctx.session.company.id }, input));
