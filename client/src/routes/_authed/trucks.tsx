import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { TrucksPage } from '../../features/equipment/TrucksPage';
import type { EquipmentFilters } from '../../features/equipment/use-equipment';
import { EQUIPMENT_ADDRESS, optionalOneOf, optionalText, type RawSearch } from '../../lib/search-params';

const STATUSES = EQUIPMENT_ADDRESS.statuses;
const SORTS = ['unit', 'unitDesc'] as const;

/** The filters live in the address, so a filtered list can be reloaded and shared; anything odd falls back to none. */
function trucksSearch(search: RawSearch): { search?: string; status?: (typeof STATUSES)[number]; sort?: (typeof SORTS)[number] } {
  return {
    search: optionalText(search.search, EQUIPMENT_ADDRESS.searchMax),
    status: optionalOneOf(search.status, STATUSES),
    sort: optionalOneOf(search.sort, SORTS),
  };
}

export const Route = createFileRoute('/_authed/trucks')({
  validateSearch: trucksSearch,
  component: TrucksRoute,
});

function TrucksRoute() {
  const { session } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const filters: EquipmentFilters = { search: search.search ?? '', status: search.status ?? 'all', sort: search.sort ?? 'newest' };
  const onFiltersChange = useCallback(
    (next: EquipmentFilters) =>
      void navigate({
        search: {
          search: next.search || undefined,
          status: next.status === 'all' ? undefined : next.status,
          sort: next.sort === 'newest' ? undefined : next.sort,
        },
        replace: true,
      }),
    [navigate],
  );
  return <TrucksPage session={session} filters={filters} onFiltersChange={onFiltersChange} />;
}
