import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { LOAD_ADDRESS, optionalText, optionalOneOf, optionalUuid, type RawSearch } from '../../lib/search-params';
import { LoadsPage } from '../../features/loads/LoadsPage';
import type { LoadFilters } from '../../features/loads/use-loads';

/** The filters live in the address, so a filtered list can be reloaded and shared; anything odd falls back to none. */
/** `load`: the load whose detail is open (a dashboard row links here), so it survives a reload and can be shared. */
function loadsSearch(search: RawSearch): { search?: string; status?: (typeof LOAD_ADDRESS.statuses)[number]; load?: string } {
  return {
    search: optionalText(search.search, LOAD_ADDRESS.searchMax),
    status: optionalOneOf(search.status, LOAD_ADDRESS.statuses),
    load: optionalUuid(search.load),
  };
}

export const Route = createFileRoute('/_authed/loads')({
  validateSearch: loadsSearch,
  // The first page is asked for as soon as the session is known, beside the screen's first render
  // rather than after it (the list's query then finds it in flight); not awaited: the screen shows at once.
  // The loader (a few lines, no imports) stays in the route tree: split off, its own chunk was one more
  // round trip between the session and the first page.
  codeSplitGroupings: [['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  loaderDeps: ({ search }): LoadFilters => ({ search: search.search ?? '', status: search.status ?? 'all' }),
  loader: ({ context, deps }) => {
    void context.trpcUtils.loads.list.prefetchInfinite(deps);
  },
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
        search: (previous) => ({ ...previous, search: next.search || undefined, status: next.status === 'all' ? undefined : next.status }),
        replace: true,
      }),
    [navigate],
  );
  // Opening a load is a history entry of its own (Back closes it); closing it replaces that entry.
  const onOpenLoad = useCallback(
    (loadId: string | null) => void navigate({ search: (previous) => ({ ...previous, load: loadId ?? undefined }), replace: loadId === null }),
    [navigate],
  );
  return (
    <LoadsPage session={session} filters={filters} onFiltersChange={onFiltersChange} openLoadId={search.load ?? null} onOpenLoad={onOpenLoad} />
  );
}
