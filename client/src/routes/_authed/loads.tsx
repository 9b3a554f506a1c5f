import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { LOAD_LIMITS, LOAD_STATUS_FILTERS } from '#shared/schemas/loads.js';
import { LoadsPage } from '../../features/loads/LoadsPage';
import type { LoadFilters } from '../../features/loads/use-loads';

/** The filters live in the address, so a filtered list can be reloaded and shared; anything odd falls back to none. */
const loadsSearch = z.object({
  search: z.string().max(LOAD_LIMITS.search).optional().catch(undefined),
  status: z.enum(LOAD_STATUS_FILTERS).optional().catch(undefined),
});

export const Route = createFileRoute('/_authed/loads')({
  validateSearch: (search) => loadsSearch.parse(search),
  component: LoadsRoute,
});

function LoadsRoute() {
  const { session } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const filters: LoadFilters = { search: search.search ?? '', status: search.status ?? 'all' };
  const onFiltersChange = useCallback(
    (next: LoadFilters) =>
      void navigate({
        search: { search: next.search || undefined, status: next.status === 'all' ? undefined : next.status },
        replace: true,
      }),
    [navigate],
  );
  return <LoadsPage session={session} filters={filters} onFiltersChange={onFiltersChange} />;
}
