import { createFileRoute } from '@tanstack/react-router';
import { AuditLogsPage } from '../../features/audit/AuditLogsPage';

export const Route = createFileRoute('/_authed/audit-logs')({
  component: AuditLogsPage,
});
