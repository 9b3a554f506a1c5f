import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, AUDIT_SEARCH_MAX } from '#shared/schemas/audit.js';
import { AuditLogsPage, type AuditFilters } from '../../features/audit/AuditLogsPage';

/** The filters live in the address, so a filtered trail can be reloaded and shared; anything odd falls back to none. */
const auditSearch = z.object({
  search: z.string().max(AUDIT_SEARCH_MAX).optional().catch(undefined),
  entityType: z.enum(AUDIT_ENTITY_TYPES).optional().catch(undefined),
  action: z.enum(AUDIT_ACTIONS).optional().catch(undefined),
});

export const Route = createFileRoute('/_authed/audit-logs')({
  validateSearch: (search) => auditSearch.parse(search),
  component: AuditLogsRoute,
});

function AuditLogsRoute() {
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  const onFiltersChange = useCallback(
    (next: AuditFilters) => void navigate({ search: { ...next, search: next.search || undefined }, replace: true }),
    [navigate],
  );
  return <AuditLogsPage filters={filters} onFiltersChange={onFiltersChange} />;
}
