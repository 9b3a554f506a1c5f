import { lazy, memo, Suspense, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { Button, Center, chakra, Flex, Input, InputGroup, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { Keyboard, LayoutGrid, Plus, Search, SlidersHorizontal, Table2, X } from 'lucide-react';
import type { SessionOutput } from '#shared/schemas/auth.js';
import type { LoadListItem } from '#shared/schemas/loads.js';
import { PageHeader } from '../../components/PageHeader';
import { ImportCsvLink } from '../imports/ImportCsvLink';
import { ImportRateCon } from './rate-con/ImportRateCon';
import { QueryState } from '../../components/QueryState';
import { LoadMore } from '../../components/records/LoadMore';
import { FETCH_FAILED, useFailureToast } from '../../lib/errors';
import { useSearchBox } from '../../lib/use-paged-list';
import { clearedFilters, hasFilters, panelFilterCount, type LoadFilters } from './board-filters';
import { useBoardLayout, useFilterPanelOpen, type BoardLayout } from './board-layout';
import { BoardViews } from './BoardViews';
import { LOAD_CARDS_CSS, LoadCard } from './LoadCard';
import { useBoardKeys } from './use-board-keys';
import { loadPermissions, useLoadList } from './use-loads';

// The dialogs (forms, uploads, the route map) load when opened, not with the list; the table
// (with its pickers and row actions) loads when it is the layout shown, the filter panel when opened.
const LoadDetailDialog = lazy(() => import('./LoadDetailDialog').then((module) => ({ default: module.LoadDetailDialog })));
const LoadFormDialog = lazy(() => import('./LoadFormDialog').then((module) => ({ default: module.LoadFormDialog })));
const LoadsTable = lazy(() => import('./LoadsTable').then((module) => ({ default: module.LoadsTable })));
const BoardFilters = lazy(() => import('./BoardFilters').then((module) => ({ default: module.BoardFilters })));
const ShortcutsDialog = lazy(() => import('./ShortcutsDialog').then((module) => ({ default: module.ShortcutsDialog })));

/**
 * The Loads screen, a dispatch board (issue 26, items 1 and 2): search, views, the filter panel,
 * the loads as a dense table (the default from md up) or as cards (a phone's default), paged with
 * "Load more", the keyboard shortcuts, and the create and detail dialogs.
 */
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
  const [isShowingShortcuts, setShowingShortcuts] = useState(false);
  const [layout, setLayout] = useBoardLayout();
  const [isFilterPanelOpen, toggleFilterPanel] = useFilterPanelOpen();
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const { query } = useLoadList(filters);
  // The rows render in a deferred pass (concurrent: React yields to the browser between slices)
  // instead of inside the update that brought the page, which blocked the main thread for the
  // whole list at once. Until that pass is done the screen shows what it showed before.
  const data = useDeferredValue(query.data);
  const loads = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  const isLoading = data === undefined && (query.isLoading || query.data !== undefined);

  useFailureToast(query, 'Error', FETCH_FAILED);

  // A filter or sort changed while a search is still being typed carries what was typed.
  const changeFilters = useCallback(
    (next: LoadFilters) => onFiltersChange({ ...next, search: searchText.trim() }),
    [onFiltersChange, searchText],
  );
  const isFiltered = hasFilters(filters) || searchText !== '';
  const clearFilters = () => {
    setSearchText('');
    onFiltersChange(clearedFilters(filters));
  };
  const panelCount = panelFilterCount(filters);

  // j / k move the highlight through the rows shown, focusing the row's load number (seen and announced).
  const move = (delta: 1 | -1) => {
    if (loads.length === 0) return;
    const index = loads.findIndex((load) => load.id === highlightedId);
    const next = loads[index === -1 ? (delta === 1 ? 0 : loads.length - 1) : Math.min(loads.length - 1, Math.max(0, index + delta))];
    if (!next) return;
    setHighlightedId(next.id);
    const target = document.querySelector<HTMLElement>(`[data-load-open="${next.id}"]`);
    target?.focus();
    target?.scrollIntoView({ block: 'nearest' });
  };
  useBoardKeys({
    focusSearch: () => searchInput.current?.focus(),
    move,
    openHighlighted: () => {
      if (highlightedId && loads.some((load) => load.id === highlightedId)) onOpenLoad(highlightedId);
    },
    create: permissions.canCreate ? () => setCreating(true) : undefined,
    showShortcuts: () => setShowingShortcuts(true),
  });

  return (
    <>
      <PageHeader
        title={session.role === 'sales' && !session.isMasterAdmin ? 'My Loads' : 'Loads'}
        subtitle="Create, assign and track your loads"
        actions={
          <Flex gap="2" direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', md: 'center' }}>
            <Button
              variant="ghost"
              onClick={() => setShowingShortcuts(true)}
              aria-keyshortcuts="?"
              display={{ base: 'none', md: 'inline-flex' }}
            >
              <Keyboard aria-hidden="true" /> Shortcuts
            </Button>
            <ImportCsvLink session={session} entity="loads" />
            {permissions.canCreate ? <ImportRateCon /> : null}
            {permissions.canCreate ? (
              <Button colorPalette="blue" onClick={() => setCreating(true)} aria-keyshortcuts="n">
                <Plus aria-hidden="true" /> Create Load
              </Button>
            ) : null}
          </Flex>
        }
      />

      <Flex direction={{ base: 'column', md: 'row' }} gap="3" align={{ base: 'stretch', md: 'end' }} mb="3" role="search" wrap="wrap">
        <Stack gap="1.5" flex="1" minW={{ md: '64' }}>
          <chakra.label htmlFor="load-search" fontWeight="medium" fontSize="sm">
            Search
          </chakra.label>
          <InputGroup startElement={<Search size={16} aria-hidden="true" />}>
            <Input
              ref={searchInput}
              id="load-search"
              type="search"
              bg="white"
              size="sm"
              placeholder="Load number, pickup city, delivery city or commodity"
              value={searchText}
              maxLength={100}
              aria-keyshortcuts="/"
              onChange={(event) => setSearchText(event.target.value)}
            />
          </InputGroup>
        </Stack>
        <BoardViews userId={session.user.id} filters={filters} onChange={changeFilters} />
        <Flex gap="2" wrap="wrap">
          <Button
            size="sm"
            variant="outline"
            bg="white"
            aria-expanded={isFilterPanelOpen}
            aria-controls={isFilterPanelOpen ? 'load-filter-panel' : undefined}
            onClick={toggleFilterPanel}
          >
            <SlidersHorizontal aria-hidden="true" /> Filters{panelCount > 0 ? ` (${panelCount})` : ''}
          </Button>
          <Button size="sm" variant="outline" bg="white" onClick={clearFilters} disabled={!isFiltered}>
            <X aria-hidden="true" /> Clear filters
          </Button>
          <LayoutSwitch layout={layout} onChange={setLayout} />
        </Flex>
      </Flex>

      {isFilterPanelOpen ? (
        <Suspense fallback={null}>
          <BoardFilters filters={filters} onChange={changeFilters} />
        </Suspense>
      ) : null}

      <QueryState
        isLoading={isLoading}
        error={loads.length === 0 ? query.error : null}
        isEmpty={loads.length === 0}
        loadingText="Loading loads..."
        emptyText={isFiltered ? 'No loads match your filters.' : 'No loads yet. Create your first load to get started.'}
        onRetry={() => void query.refetch()}
      >
        {layout === 'table' ? (
          <Suspense
            fallback={
              <Center py="10" role="status">
                <Spinner color="blue.600" /> <Text ms="2">Loading loads...</Text>
              </Center>
            }
          >
            <LoadsTable
              loads={loads}
              filters={filters}
              onFiltersChange={changeFilters}
              onOpen={onOpenLoad}
              highlightedId={highlightedId}
              onHighlight={setHighlightedId}
              canChange={permissions.canChange}
              canCreate={permissions.canCreate}
              isFetching={query.isFetching}
            />
          </Suspense>
        ) : (
          <SimpleGrid
            as="ul"
            listStyleType="none"
            columns={{ base: 1, md: 2, xl: 3 }}
            gap="4"
            aria-label="Loads"
            aria-busy={query.isFetching}
            css={LOAD_CARDS_CSS}
          >
            <LoadCards loads={loads} onOpen={onOpenLoad} highlightedId={highlightedId} onHighlight={setHighlightedId} />
          </SimpleGrid>
        )}
        <LoadMore hasMore={query.hasNextPage} isLoading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
      </QueryState>

      <Suspense fallback={null}>
        {isCreating ? <LoadFormDialog onClose={() => setCreating(false)} /> : null}
        {openLoadId ? <LoadDetailDialog loadId={openLoadId} canChange={permissions.canChange} onClose={() => onOpenLoad(null)} /> : null}
        {isShowingShortcuts ? <ShortcutsDialog canCreate={permissions.canCreate} onClose={() => setShowingShortcuts(false)} /> : null}
      </Suspense>
    </>
  );
}

/** Table or cards: two toggle buttons, the choice remembered in this browser. */
function LayoutSwitch({ layout, onChange }: { layout: BoardLayout; onChange: (layout: BoardLayout) => void }) {
  return (
    <Flex role="group" aria-label="Layout" borderWidth="1px" borderRadius="md" bg="white" overflow="hidden">
      <Button
        size="sm"
        variant={layout === 'table' ? 'subtle' : 'ghost'}
        borderRadius="0"
        aria-pressed={layout === 'table'}
        onClick={() => onChange('table')}
      >
        <Table2 aria-hidden="true" /> Table
      </Button>
      <Button
        size="sm"
        variant={layout === 'cards' ? 'subtle' : 'ghost'}
        borderRadius="0"
        aria-pressed={layout === 'cards'}
        onClick={() => onChange('cards')}
      >
        <LayoutGrid aria-hidden="true" /> Cards
      </Button>
    </Flex>
  );
}

/** The cards, rendered again only when the loads shown or the highlight change (not on each keystroke in the search box or each refetch). */
const LoadCards = memo(function LoadCards({
  loads,
  onOpen,
  highlightedId,
  onHighlight,
}: {
  loads: LoadListItem[];
  onOpen: (loadId: string) => void;
  highlightedId: string | null;
  onHighlight: (loadId: string) => void;
}) {
  return loads.map((load) => (
    <li key={load.id}>
      <LoadCard load={load} onOpen={onOpen} isHighlighted={load.id === highlightedId} onFocus={onHighlight} />
    </li>
  ));
});
