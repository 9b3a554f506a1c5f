import { router } from '../../trpc/procedures.js';
import { listAuditLogsProcedure } from './list-audit-logs.js';

export const auditRouter = router({
  /** The newest 100 audit entries matching entity type, action and free text; with the total that match. */
  list: listAuditLogsProcedure,
});
