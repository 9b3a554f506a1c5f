import { createFileRoute } from '@tanstack/react-router';
import { AuditLogsPage } from '../../features/audit/AuditLogsPage';
import { requireRoles } from '../../lib/guards';

export const Route = createFileRoute('/_authed/audit-logs')({
  beforeLoad: requireRoles(['admin']),
  component: AuditLogsPage,
});
