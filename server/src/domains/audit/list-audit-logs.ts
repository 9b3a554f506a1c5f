import { auditListInput, auditListOutput } from '#shared/schemas/audit.js';
import { permitted } from '../../trpc/procedures.js';
import { listAuditEntries } from './audit.repository.js';

/**
 * The Audit Logs screen: admins read their company's trail; a master admin reads every
 * company's through the audited cross-company path. The newest entries that match the
 * filters, a page at a time (the spec's 100), with how many match in all.
 */
export const listAuditLogsProcedure = permitted('audit', 'read')
  .input(auditListInput)
  .output(auditListOutput)
  .query(({ ctx, input: { entityType, action, search, ...page } }) =>
    listAuditEntries(ctx.db, ctx.scope, { entityType, action, search }, page),
  );
