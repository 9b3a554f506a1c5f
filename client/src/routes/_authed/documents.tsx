import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { DOCUMENT_ADDRESS, optionalText, optionalOneOf, optionalUuid, type RawSearch } from '../../lib/search-params';
import { DocumentsPage } from '../../features/documents/DocumentsPage';
import type { DocumentFilters } from '../../features/documents/use-documents';

/** The filters live in the address, so a filtered list can be reloaded and shared; anything odd falls back to none. */
function documentsSearch(search: RawSearch): { search?: string; documentType?: (typeof DOCUMENT_ADDRESS.types)[number]; loadId?: string } {
  return {
    search: optionalText(search.search, DOCUMENT_ADDRESS.searchMax),
    documentType: optionalOneOf(search.documentType, DOCUMENT_ADDRESS.types),
    loadId: optionalUuid(search.loadId),
  };
}

export const Route = createFileRoute('/_authed/documents')({
  validateSearch: documentsSearch,
  component: DocumentsRoute,
});

function DocumentsRoute() {
  const { session } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const filters: DocumentFilters = { search: search.search ?? '', documentType: search.documentType ?? 'all', loadId: search.loadId ?? '' };
  const onFiltersChange = useCallback(
    (next: DocumentFilters) =>
      void navigate({
        search: {
          search: next.search || undefined,
          documentType: next.documentType === 'all' ? undefined : next.documentType,
          loadId: next.loadId || undefined,
        },
        replace: true,
      }),
    [navigate],
  );
  return <DocumentsPage session={session} filters={filters} onFiltersChange={onFiltersChange} />;
}
