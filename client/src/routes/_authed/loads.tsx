import { useCallback, useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { optionalUuid, type RawSearch } from '../../lib/search-params';
import { LoadsPage } from '../../features/loads/LoadsPage';
import {
  addressToFilters,
  filtersToAddress,
  listInput,
  localToday,
  type LoadBoardAddress,
  type LoadFilters,
} from '../../features/loads/board-filters';

/**
 * The board's filters and sort live in the address (the board contract's names), so a filtered,
 * sorted list can be reloaded and shared, and a view is a link; anything odd falls back to none.
 * `load`: the load whose detail is open (a dashboard row links here), so it survives a reload and can be shared.
 */
function loadsSearch(search: RawSearch): LoadBoardAddress & { load?: string } {
  return { ...filtersToAddress(addressToFilters(search)), load: optionalUuid(search.load) };
}

export const Route = createFileRoute('/_authed/loads')({
  validateSearch: loadsSearch,
  // The first page is asked for as soon as the session is known, beside the screen's first render
  // rather than after it (the list's query then finds it in flight); not awaited: the screen shows at once.
  // The loader (a few lines, no imports) stays in the route tree: split off, its own chunk was one more
  // round trip between the session and the first page.
  codeSplitGroupings: [['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  loaderDeps: ({ search }) => listInput(addressToFilters(search), localToday()),
  loader: ({ context, deps }) => {
    void context.trpcUtils.loads.list.prefetchInfinite(deps);
  },
  component: LoadsRoute,
});

function LoadsRoute() {
  const { session } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const filters = useMemo(() => addressToFilters(search), [search]);
  const onFiltersChange = useCallback(
    (next: LoadFilters) => void navigate({ search: (previous) => ({ ...filtersToAddress(next), load: previous.load }), replace: true }),
    [navigate],
  );
  // Opening a load is a history entry of its own (Back closes it); closing it replaces that entry.
  const onOpenLoad = useCallback(
    (loadId: string | null) =>
      void navigate({ search: (previous) => ({ ...previous, load: loadId ?? undefined }), replace: loadId === null }),
    [navigate],
  );
  return (
    <LoadsPage
      session={session}
      filters={filters}
      onFiltersChange={onFiltersChange}
      openLoadId={search.load ?? null}
      onOpenLoad={onOpenLoad}
    />
  );
}
