import { lazy, memo, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { Button, chakra, Flex, Input, InputGroup, SimpleGrid, Stack } from '@chakra-ui/react';
import { Plus, Search, X } from 'lucide-react';
import { LOAD_STATUSES } from '#shared/constants.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { PlainSelect } from '../../components/PlainFields';
import { LoadMore } from '../../components/records/LoadMore';
import { statusLabel } from '../../components/StatusBadge';
import { FETCH_FAILED, useFailureToast } from '../../lib/errors';
import { useSearchBox } from '../../lib/use-paged-list';
import { LOAD_CARDS_CSS, LoadCard } from './LoadCard';
import type { LoadListItem } from '#shared/schemas/loads.js';
import { loadPermissions, useLoadList, type LoadFilters } from './use-loads';

// The dialogs (forms, uploads, the route map) load when opened, not with the list.
const LoadDetailDialog = lazy(() => import('./LoadDetailDialog').then((module) => ({ default: module.LoadDetailDialog })));
const LoadFormDialog = lazy(() => import('./LoadFormDialog').then((module) => ({ default: module.LoadFormDialog })));

const STATUS_FILTER_OPTIONS = [
  { value: 'all', label: 'All' },
  ...LOAD_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
];

/** The Loads screen: search, status filter, clear filters, cards paged with "Load more", and the create and detail dialogs. */
export function LoadsPage({
  session,
  filters,
  onFiltersChange,
  openLoadId,
  onOpenLoad,
}: {
  session: SessionOutput;
  filters: LoadFilters;
  onFiltersChange: (filters: LoadFilters) => void;
  /** The load whose detail is open (the address's `load`), or null. */
  openLoadId: string | null;
  onOpenLoad: (loadId: string | null) => void;
}) {
  const permissions = loadPermissions(session);
  // The typed search reaches the address (and so the query) once typing pauses (useSearchBox).
  const [searchText, setSearchText] = useSearchBox(filters.search, (search) => onFiltersChange({ ...filters, search }));
  const [isCreating, setCreating] = useState(false);
  const { query } = useLoadList(filters);
  // The cards render in a deferred pass (concurrent: React yields to the browser between slices)
  // instead of inside the update that brought the page, which blocked the main thread for the
  // whole list at once. Until that pass is done the screen shows what it showed before.
  const data = useDeferredValue(query.data);
  const loads = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  const isLoading = data === undefined && (query.isLoading || query.data !== undefined);

  useFailureToast(query, 'Error', FETCH_FAILED);

  const hasFilters = filters.search !== '' || filters.status !== 'all' || searchText !== '';
  const clearFilters = () => {
    setSearchText('');
    onFiltersChange({ search: '', status: 'all' });
  };

  return (
    <>
      <PageHeader
        title={session.role === 'sales' && !session.isMasterAdmin ? 'My Loads' : 'Loads'}
        subtitle="Create, assign and track your loads"
        actions={
          permissions.canCreate ? (
            <Button colorPalette="blue" onClick={() => setCreating(true)} alignSelf={{ base: 'stretch', md: 'center' }}>
              <Plus aria-hidden="true" /> Create Load
            </Button>
          ) : null
        }
      />

      <Flex direction={{ base: 'column', md: 'row' }} gap="3" align={{ base: 'stretch', md: 'end' }} mb="6" role="search">
        <Stack gap="1.5" flex="1">
          <chakra.label htmlFor="load-search" fontWeight="medium" fontSize="sm">
            Search
          </chakra.label>
          <InputGroup startElement={<Search size={16} aria-hidden="true" />}>
            <Input
              id="load-search"
              type="search"
              bg="white"
              placeholder="Load number, pickup city, delivery city or commodity"
              value={searchText}
              maxLength={100}
              onChange={(event) => setSearchText(event.target.value)}
            />
          </InputGroup>
        </Stack>
        <Stack w={{ base: 'full', md: '52' }}>
          <PlainSelect
            label="Status"
            name="status"
            value={filters.status}
            options={STATUS_FILTER_OPTIONS}
            onChange={(status) => onFiltersChange({ ...filters, search: searchText.trim(), status: status as LoadFilters['status'] })}
          />
        </Stack>
        <Button variant="outline" onClick={clearFilters} disabled={!hasFilters}>
          <X aria-hidden="true" /> Clear filters
        </Button>
      </Flex>

      <QueryState
        isLoading={isLoading}
        error={loads.length === 0 ? query.error : null}
        isEmpty={loads.length === 0}
        loadingText="Loading loads..."
        emptyText={
          filters.search || filters.status !== 'all'
            ? 'No loads match your filters.'
            : 'No loads yet. Create your first load to get started.'
        }
        onRetry={() => void query.refetch()}
      >
        <SimpleGrid
          as="ul"
          listStyleType="none"
          columns={{ base: 1, md: 2, xl: 3 }}
          gap="4"
          aria-label="Loads"
          aria-busy={query.isFetching}
          css={LOAD_CARDS_CSS}
        >
          <LoadCards loads={loads} onOpen={onOpenLoad} />
        </SimpleGrid>
        <LoadMore hasMore={query.hasNextPage} isLoading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
      </QueryState>

      <Suspense fallback={null}>
        {isCreating ? <LoadFormDialog onClose={() => setCreating(false)} /> : null}
        {openLoadId ? <LoadDetailDialog loadId={openLoadId} canChange={permissions.canChange} onClose={() => onOpenLoad(null)} /> : null}
      </Suspense>
    </>
  );
}

/** The cards, rendered again only when the loads shown change (not on each keystroke in the search box or each refetch). */
const LoadCards = memo(function LoadCards({ loads, onOpen }: { loads: LoadListItem[]; onOpen: (loadId: string) => void }) {
  return loads.map((load) => (
    <li key={load.id}>
      <LoadCard load={load} onOpen={onOpen} />
    </li>
  ));
});
