import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { DOCUMENT_SEARCH_MAX, DOCUMENT_TYPE_FILTERS } from '#shared/schemas/documents.js';
import { DocumentsPage } from '../../features/documents/DocumentsPage';
import type { DocumentFilters } from '../../features/documents/use-documents';

/** The filters live in the address, so a filtered list can be reloaded and shared; anything odd falls back to none. */
const documentsSearch = z.object({
  search: z.string().max(DOCUMENT_SEARCH_MAX).optional().catch(undefined),
  documentType: z.enum(DOCUMENT_TYPE_FILTERS).optional().catch(undefined),
  loadId: z.uuid().optional().catch(undefined),
});

export const Route = createFileRoute('/_authed/documents')({
  validateSearch: (search) => documentsSearch.parse(search),
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
