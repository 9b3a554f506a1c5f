import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { AUDIT_ADDRESS, optionalText, optionalOneOf, type RawSearch } from '../../lib/search-params';
import { AuditLogsPage, type AuditFilters } from '../../features/audit/AuditLogsPage';

/** The filters live in the address, so a filtered trail can be reloaded and shared; anything odd falls back to none. */
function auditSearch(search: RawSearch): {
  search?: string;
  entityType?: (typeof AUDIT_ADDRESS.entityTypes)[number];
  action?: (typeof AUDIT_ADDRESS.actions)[number];
} {
  return {
    search: optionalText(search.search, AUDIT_ADDRESS.searchMax),
    entityType: optionalOneOf(search.entityType, AUDIT_ADDRESS.entityTypes),
    action: optionalOneOf(search.action, AUDIT_ADDRESS.actions),
  };
}

export const Route = createFileRoute('/_authed/audit-logs')({
  validateSearch: auditSearch,
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
