import { useCallback } from 'react';
import { EQUIPMENT_ADDRESS, optionalOneOf, optionalText, type RawSearch } from '../../lib/search-params';
import type { EquipmentFilters } from './use-equipment';

const STATUSES = EQUIPMENT_ADDRESS.statuses;
const SORTS = ['unit', 'unitDesc'] as const;

/** The address of /trucks and /trailers: only what differs from the defaults. */
export interface EquipmentSearch {
  search?: string;
  status?: (typeof STATUSES)[number];
  sort?: (typeof SORTS)[number];
}

/** The filters live in the address, so a filtered list can be reloaded and shared; anything odd falls back to none. */
export function equipmentSearch(search: RawSearch): EquipmentSearch {
  return {
    search: optionalText(search.search, EQUIPMENT_ADDRESS.searchMax),
    status: optionalOneOf(search.status, STATUSES),
    sort: optionalOneOf(search.sort, SORTS),
  };
}

/** A list screen's filters read from its address, and the change that writes them back (replacing the entry). */
export function useEquipmentAddress(
  search: EquipmentSearch,
  replaceSearch: (search: EquipmentSearch) => void,
): { filters: EquipmentFilters; onFiltersChange: (next: EquipmentFilters) => void } {
  const filters: EquipmentFilters = { search: search.search ?? '', status: search.status ?? 'all', sort: search.sort ?? 'newest' };
  const onFiltersChange = useCallback(
    (next: EquipmentFilters) =>
      replaceSearch({
        search: next.search || undefined,
        status: next.status === 'all' ? undefined : next.status,
        sort: next.sort === 'newest' ? undefined : next.sort,
      }),
    [replaceSearch],
  );
  return { filters, onFiltersChange };
}
