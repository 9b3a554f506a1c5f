import { Stack } from '@chakra-ui/react';
import { EQUIPMENT_LIMITS } from '#shared/schemas/equipment.js';
import { FilterBar } from '../../components/FilterBar';
import { PlainSelect } from '../../components/PlainFields';
import { useSearchBox } from '../../lib/use-paged-list';
import { NO_EQUIPMENT_FILTERS, type EquipmentFilters } from './use-equipment';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];
const SORT_OPTIONS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'unit', label: 'Unit (A to Z)' },
  { value: 'unitDesc', label: 'Unit (Z to A)' },
];

/** Search, status and sort of the Trucks and Trailers screens. */
export function EquipmentFilterBar({
  idPrefix,
  placeholder,
  filters,
  onFiltersChange,
}: {
  idPrefix: string;
  placeholder: string;
  filters: EquipmentFilters;
  onFiltersChange: (filters: EquipmentFilters) => void;
}) {
  const [searchText, setSearchText] = useSearchBox(filters.search, (search) => onFiltersChange({ ...filters, search }));
  const hasFilters = filters.search !== '' || filters.status !== 'all' || filters.sort !== 'newest' || searchText !== '';
  return (
    <FilterBar
      searchId={`${idPrefix}-search`}
      placeholder={placeholder}
      maxLength={EQUIPMENT_LIMITS.search}
      searchText={searchText}
      onSearchText={setSearchText}
      hasFilters={hasFilters}
      onClear={() => onFiltersChange(NO_EQUIPMENT_FILTERS)}
    >
      <Stack minW={{ md: '40' }}>
        <PlainSelect
          label="Status"
          name="status"
          value={filters.status}
          onChange={(value) => onFiltersChange({ ...filters, status: value as EquipmentFilters['status'] })}
          options={STATUS_OPTIONS}
        />
      </Stack>
      <Stack minW={{ md: '40' }}>
        <PlainSelect
          label="Sort"
          name="sort"
          value={filters.sort}
          onChange={(value) => onFiltersChange({ ...filters, sort: value as EquipmentFilters['sort'] })}
          options={SORT_OPTIONS}
        />
      </Stack>
    </FilterBar>
  );
}
