import { lazy, memo, Suspense, useCallback, useMemo, useState } from 'react';
import { Box, Button, chakra, Flex, NativeSelect, Text, type SystemStyleObject } from '@chakra-ui/react';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronDown, Copy, Download, X } from 'lucide-react';
import { LOAD_STATUSES, type LoadStatus } from '#shared/constants.js';
import type { LoadSort } from '#shared/schemas/load-board.js';
import type { LoadListItem } from '#shared/schemas/loads.js';
import { DISPATCHER_TEXTS } from '#shared/schemas/loads-dispatcher.js';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { statusLabel, statusPalette } from '../../components/StatusBadge';
import { formatDate, formatMoney } from '../../lib/format';
import { FLAG_LABELS, filtersToAddress, localToday, sortedBy, type LoadFilters } from './board-filters';
import { dispatcherLabel, equipmentLabel, stopsLabel } from './board-labels';
import { downloadCsv, loadsCsv } from './loads-csv';
import { useBulkAssignDispatcher, useBulkStatus, useChangeStatus, useDispatcherChoices } from './use-load-actions';

const DriverPicker = lazy(() => import('./DriverPicker').then((module) => ({ default: module.DriverPicker })));
const DuplicateLoadDialog = lazy(() => import('./DuplicateLoadDialog').then((module) => ({ default: module.DuplicateLoadDialog })));

/** A bulk action takes at most this many loads (BULK_LOADS_MAX of shared/src/schemas/loads.ts). */
const BULK_MAX = 100;

/**
 * The board's looks, given once to the table (as the cards' are): a page is 50 rows of a dozen
 * cells, and a cell made of Chakra components each would cost most of the render. Dense: small
 * text, tight cells, one line a row; the header stays in view while the rows scroll under it, and
 * the table scrolls sideways inside its box on a narrow screen, never widening the page.
 */
const BOARD_CSS: SystemStyleObject = {
  '& table': { width: 'full', minWidth: '1400px', borderCollapse: 'separate', borderSpacing: 0, fontSize: 'xs', lineHeight: '1.35' },
  '& th': {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    bg: 'gray.100',
    textAlign: 'start',
    fontWeight: 'semibold',
    color: 'gray.800',
    whiteSpace: 'nowrap',
    borderBottomWidth: '1px',
    borderColor: 'gray.300',
    px: '2',
    py: '1.5',
  },
  '& td': { px: '2', py: '1', borderBottomWidth: '1px', borderColor: 'gray.200', whiteSpace: 'nowrap', verticalAlign: 'middle' },
  '& tbody tr:hover td': { bg: 'gray.50' },
  '& tbody tr[aria-current=true] td': { bg: 'blue.50' },
  '& tbody tr[aria-current=true] td:first-of-type': { boxShadow: 'inset 3px 0 0 var(--chakra-colors-blue-600)' },
  '& .num': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  '& .sort': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    fontWeight: 'semibold',
    cursor: 'pointer',
    borderRadius: 'sm',
    '&:focus-visible': { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '1px' },
  },
  '& .sort-secondary': { fontWeight: 'normal', color: 'gray.700', ms: '1' },
  '& .open': {
    fontWeight: 'semibold',
    color: 'blue.700',
    textDecoration: 'underline',
    textUnderlineOffset: '2px',
    cursor: 'pointer',
    borderRadius: 'sm',
    '&:focus-visible': { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '1px' },
  },
  '& .picker': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    maxWidth: '40',
    borderWidth: '1px',
    borderColor: 'gray.300',
    borderRadius: 'sm',
    px: '1.5',
    py: '0.5',
    bg: 'white',
    cursor: 'pointer',
    '& > span': { overflow: 'hidden', textOverflow: 'ellipsis' },
    '&:hover': { borderColor: 'blue.500' },
    '&:focus-visible': { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '1px' },
  },
  '& .status-select': {
    fontSize: 'xs',
    borderWidth: '1px',
    borderColor: 'gray.300',
    borderRadius: 'sm',
    bg: 'white',
    px: '1',
    py: '0.5',
    '&:focus-visible': { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '1px' },
  },
  '& .badge': {
    display: 'inline-flex',
    alignItems: 'center',
    borderRadius: 'l2',
    fontWeight: 'medium',
    px: '1.5',
    minH: '5',
    bg: 'colorPalette.subtle',
    color: 'colorPalette.fg',
  },
  '& .muted': { color: 'gray.600' },
  '& .sr': { srOnly: true },
  '& input[type=checkbox]': { accentColor: 'var(--chakra-colors-blue-600)', width: '3.5', height: '3.5', cursor: 'pointer' },
  ...Object.fromEntries(
    ['gray', 'blue', 'purple', 'orange', 'green', 'red'].map((palette) => [`& .badge[data-palette=${palette}]`, { colorPalette: palette }]),
  ),
};

interface Column {
  key: string;
  header: string;
  sort?: LoadSort;
  /** A second sort from the same header (the lane: by pickup city, or by delivery city). */
  secondary?: { sort: LoadSort; label: string; name: string };
  numeric?: boolean;
}

const COLUMNS: Column[] = [
  { key: 'loadNumber', header: 'Load', sort: 'loadNumber' },
  { key: 'status', header: 'Status', sort: 'status' },
  { key: 'lane', header: 'Lane', sort: 'pickupCity', secondary: { sort: 'deliveryCity', label: 'to', name: 'Lane by delivery city' } },
  { key: 'pickupDate', header: 'Pickup', sort: 'pickupDate' },
  { key: 'deliveryDate', header: 'Delivery', sort: 'deliveryDate' },
  { key: 'equipment', header: 'Equipment' },
  { key: 'driver', header: 'Driver', sort: 'driverName' },
  // Issue 31: the unit that hauls it (issue 26 left this column for trucks).
  { key: 'truck', header: 'Truck' },
  { key: 'dispatcher', header: 'Dispatcher', sort: 'dispatcherName' },
  { key: 'broker', header: 'Broker', sort: 'brokerName' },
  { key: 'carrier', header: 'Carrier', sort: 'carrierName' },
  { key: 'rate', header: 'Rate', sort: 'rate', numeric: true },
  { key: 'ratePerMile', header: 'Rate/mi', sort: 'ratePerMile', numeric: true },
  { key: 'flag', header: 'Flag' },
];

const STATUS_OPTIONS = LOAD_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));

/**
 * The dispatch board's table (issue 26, items 1 and 2): every column sorts on the server (the
 * address's sort and direction; the active column flips), each row opens its load, changes its
 * status, picks its driver and duplicates; rows are selected for a bulk status change or a CSV.
 */
export function LoadsTable({
  loads,
  filters,
  onFiltersChange,
  onOpen,
  highlightedId,
  onHighlight,
  canChange,
  canCreate,
  isFetching,
}: {
  loads: LoadListItem[];
  filters: LoadFilters;
  onFiltersChange: (filters: LoadFilters) => void;
  onOpen: (loadId: string) => void;
  highlightedId: string | null;
  onHighlight: (loadId: string) => void;
  canChange: (load: { companyId: string }) => boolean;
  canCreate: boolean;
  isFetching: boolean;
}) {
  // The selection belongs to the list it was made in: other filters or another sort start empty.
  const listKey = JSON.stringify(filtersToAddress(filters));
  const [selection, setSelection] = useState<{ listKey: string; ids: ReadonlySet<string> }>({ listKey, ids: new Set() });
  const selectedIds = useMemo(() => (selection.listKey === listKey ? selection.ids : new Set<string>()), [selection, listKey]);
  const selected = useMemo(() => loads.filter((load) => selectedIds.has(load.id)), [loads, selectedIds]);
  const [pickingFor, setPickingFor] = useState<LoadListItem | null>(null);
  const [duplicating, setDuplicating] = useState<LoadListItem | null>(null);
  const changeStatus = useChangeStatus();

  const toggle = useCallback(
    (loadId: string, on: boolean) =>
      setSelection((current) => {
        const ids = new Set(current.listKey === listKey ? current.ids : []);
        if (on) ids.add(loadId);
        else ids.delete(loadId);
        return { listKey, ids };
      }),
    [listKey],
  );
  const clearSelection = useCallback(() => setSelection({ listKey, ids: new Set() }), [listKey]);
  const allSelected = loads.length > 0 && selected.length === loads.length;
  // mutate is stable (the mutation object is not): the rows stay memoized across renders.
  const { mutate: mutateStatus } = changeStatus;
  const onStatus = useCallback((load: LoadListItem, status: LoadStatus) => mutateStatus({ id: load.id, status }), [mutateStatus]);
  const pendingStatusId = changeStatus.isPending ? changeStatus.variables.id : null;

  return (
    <Box>
      {selected.length > 0 ? <BulkActions selected={selected} onClear={clearSelection} /> : null}
      {/* The table's 1,400 px stay inside this scrolling box and never widen the page (a phone's table): contain:
          inline-size keeps them out of the page's width, and position: relative clips the visually hidden labels
          (position: absolute) that would otherwise escape the scroll box and widen the document. */}
      <Box
        css={{ ...BOARD_CSS, contain: 'inline-size' }}
        position="relative"
        overflow="auto"
        w="full"
        maxW="full"
        maxH={{ base: '70dvh', md: 'calc(100dvh - 14rem)' }}
        minH="48"
        bg="white"
        borderWidth="1px"
        borderRadius="md"
      >
        <table aria-label="Loads" aria-busy={isFetching}>
          <thead>
            <tr>
              <th scope="col">
                <input
                  type="checkbox"
                  aria-label="Select all loads shown"
                  checked={allSelected}
                  onChange={(event) => setSelection({ listKey, ids: new Set(event.target.checked ? loads.map((load) => load.id) : []) })}
                />
              </th>
              {COLUMNS.map((column) => (
                <HeaderCell
                  key={column.key}
                  column={column}
                  filters={filters}
                  onSort={(sort) => onFiltersChange(sortedBy(filters, sort))}
                />
              ))}
              <th scope="col">
                <span className="sr">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {loads.map((load) => (
              <Row
                key={load.id}
                load={load}
                isSelected={selectedIds.has(load.id)}
                isHighlighted={load.id === highlightedId}
                isStatusPending={pendingStatusId === load.id}
                canChange={canChange(load)}
                canCreate={canCreate}
                onOpen={onOpen}
                onHighlight={onHighlight}
                onToggle={toggle}
                onStatus={onStatus}
                onPickDriver={setPickingFor}
                onDuplicate={setDuplicating}
              />
            ))}
          </tbody>
        </table>
      </Box>
      <Suspense fallback={null}>
        {pickingFor ? <DriverPicker load={pickingFor} onClose={() => setPickingFor(null)} /> : null}
        {duplicating ? (
          <DuplicateLoadDialog
            load={duplicating}
            onClose={() => setDuplicating(null)}
            onDuplicated={(loadId) => {
              setDuplicating(null);
              onOpen(loadId);
            }}
          />
        ) : null}
      </Suspense>
    </Box>
  );
}

function HeaderCell({ column, filters, onSort }: { column: Column; filters: LoadFilters; onSort: (sort: LoadSort) => void }) {
  const active = column.sort === filters.sort || column.secondary?.sort === filters.sort;
  const ariaSort = !column.sort ? undefined : active ? (filters.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  const Arrow = filters.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={ariaSort} className={column.numeric ? 'num' : undefined}>
      {column.sort ? (
        <>
          <chakra.button type="button" className="sort" onClick={() => column.sort && onSort(column.sort)}>
            {column.header}
            {filters.sort === column.sort ? (
              <Arrow size={12} aria-hidden="true" />
            ) : (
              <ArrowUpDown size={12} aria-hidden="true" color="#718096" />
            )}
          </chakra.button>
          {column.secondary ? (
            <chakra.button
              type="button"
              className="sort sort-secondary"
              aria-label={column.secondary.name}
              onClick={() => column.secondary && onSort(column.secondary.sort)}
            >
              ({column.secondary.label}
              {filters.sort === column.secondary.sort ? <Arrow size={12} aria-hidden="true" /> : null})
            </chakra.button>
          ) : null}
        </>
      ) : (
        column.header
      )}
    </th>
  );
}

/** One row, rendered again only when its load, its selection, its highlight or its pending status change. */
const Row = memo(function Row({
  load,
  isSelected,
  isHighlighted,
  isStatusPending,
  canChange,
  canCreate,
  onOpen,
  onHighlight,
  onToggle,
  onStatus,
  onPickDriver,
  onDuplicate,
}: {
  load: LoadListItem;
  isSelected: boolean;
  isHighlighted: boolean;
  isStatusPending: boolean;
  canChange: boolean;
  canCreate: boolean;
  onOpen: (loadId: string) => void;
  onHighlight: (loadId: string) => void;
  onToggle: (loadId: string, on: boolean) => void;
  onStatus: (load: LoadListItem, status: LoadStatus) => void;
  onPickDriver: (load: LoadListItem) => void;
  onDuplicate: (load: LoadListItem) => void;
}) {
  const driver = load.driverName ?? 'Unassigned';
  return (
    <tr aria-current={isHighlighted || undefined} onFocus={() => onHighlight(load.id)} data-load-id={load.id}>
      <td>
        <input
          type="checkbox"
          aria-label={`Select ${load.loadNumber}`}
          checked={isSelected}
          onChange={(event) => onToggle(load.id, event.target.checked)}
        />
      </td>
      <td>
        <chakra.button type="button" className="open" data-load-open={load.id} onClick={() => onOpen(load.id)}>
          {load.loadNumber}
        </chakra.button>
      </td>
      <td>
        {canChange ? (
          <select
            className="status-select"
            aria-label={`Status of ${load.loadNumber}`}
            value={load.status}
            disabled={isStatusPending}
            onChange={(event) => onStatus(load, event.target.value as LoadStatus)}
          >
            {STATUS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        ) : (
          <span className="badge" data-palette={statusPalette(load.status)}>
            {statusLabel(load.status)}
          </span>
        )}
      </td>
      <td>
        {load.pickupCity}, {load.pickupState}
        <span aria-hidden="true"> → </span>
        <span className="sr"> to </span>
        {load.deliveryCity}, {load.deliveryState}
        {load.extraStops > 0 ? <span className="muted"> +{stopsLabel(load.extraStops)}</span> : null}
      </td>
      <td>{formatDate(load.pickupDate)}</td>
      <td>{formatDate(load.deliveryDate)}</td>
      <td className={load.equipmentType ? undefined : 'muted'}>{equipmentLabel(load)}</td>
      <td>
        {canChange ? (
          <chakra.button
            type="button"
            className="picker"
            aria-haspopup="dialog"
            aria-label={`${driver}: change the driver of ${load.loadNumber}`}
            onClick={() => onPickDriver(load)}
          >
            <span className={load.driverName ? undefined : 'muted'}>{driver}</span>
            <ChevronDown size={12} aria-hidden="true" />
          </chakra.button>
        ) : (
          <span className={load.driverName ? undefined : 'muted'}>{driver}</span>
        )}
      </td>
      <td className={load.truckUnit ? undefined : 'muted'}>{load.truckUnit ?? '—'}</td>
      <td className={load.dispatcherId || load.dispatcherName ? undefined : 'muted'}>{dispatcherLabel(load)}</td>
      <td>{load.brokerName ?? '—'}</td>
      <td>{load.carrierName ?? '—'}</td>
      <td className="num">{formatMoney(load.rate)}</td>
      <td className="num">{load.ratePerMile === null ? '—' : formatMoney(load.ratePerMile)}</td>
      <td>
        {load.flag ? (
          <span className="badge" data-palette={load.flag === 'late' ? 'red' : 'orange'}>
            {FLAG_LABELS[load.flag]}
          </span>
        ) : null}
      </td>
      <td>
        {canCreate ? (
          <Button size="2xs" variant="ghost" onClick={() => onDuplicate(load)} aria-label={`Duplicate ${load.loadNumber}`}>
            <Copy aria-hidden="true" /> Duplicate
          </Button>
        ) : null}
      </td>
    </tr>
  );
});

/** The bulk bar's "Assign dispatcher" select: '' until chosen; NO_DISPATCHER takes them off. */
const NO_DISPATCHER = 'none';

/** What the selected rows can have done to them together: a status or a dispatcher (each after a confirmation), a CSV of them. */
function BulkActions({ selected, onClear }: { selected: LoadListItem[]; onClear: () => void }) {
  const [status, setStatus] = useState<LoadStatus | ''>('');
  const [isConfirming, setConfirming] = useState(false);
  const [dispatcher, setDispatcher] = useState('');
  const [isConfirmingDispatcher, setConfirmingDispatcher] = useState(false);
  const dispatchers = useDispatcherChoices();
  const bulkStatus = useBulkStatus(() => {
    setConfirming(false);
    setStatus('');
    onClear();
  });
  const bulkDispatcher = useBulkAssignDispatcher(() => {
    setConfirmingDispatcher(false);
    setDispatcher('');
    onClear();
  });
  const dispatcherName =
    dispatcher === NO_DISPATCHER ? DISPATCHER_TEXTS.none : (dispatchers.data?.find((option) => option.id === dispatcher)?.name ?? '');
  const isTooMany = selected.length > BULK_MAX;
  const count = `${selected.length} ${selected.length === 1 ? 'load' : 'loads'}`;
  return (
    <Flex
      role="region"
      aria-label="Selected loads"
      gap="2"
      align="center"
      wrap="wrap"
      bg="blue.50"
      borderWidth="1px"
      borderColor="blue.200"
      borderRadius="md"
      px="3"
      py="2"
      mb="2"
    >
      <Text fontSize="sm" fontWeight="semibold" aria-live="polite">
        {count} selected
      </Text>
      <NativeSelect.Root size="xs" w="auto">
        <NativeSelect.Field
          aria-label="New status"
          bg="white"
          value={status}
          onChange={(event) => setStatus(event.target.value as LoadStatus | '')}
        >
          <option value="">New status…</option>
          {STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button size="xs" colorPalette="blue" disabled={status === '' || isTooMany} onClick={() => setConfirming(true)}>
        Change status
      </Button>
      <NativeSelect.Root size="xs" w="auto" disabled={dispatchers.isPending || dispatchers.isError}>
        <NativeSelect.Field
          aria-label="New dispatcher"
          bg="white"
          value={dispatcher}
          onChange={(event) => setDispatcher(event.target.value)}
        >
          <option value="">
            {dispatchers.isPending ? 'Loading dispatchers…' : dispatchers.isError ? 'Dispatchers unavailable' : 'New dispatcher…'}
          </option>
          <option value={NO_DISPATCHER}>{DISPATCHER_TEXTS.none}</option>
          {(dispatchers.data ?? []).map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button size="xs" colorPalette="blue" disabled={dispatcher === '' || isTooMany} onClick={() => setConfirmingDispatcher(true)}>
        Assign dispatcher
      </Button>
      <Button size="xs" variant="outline" bg="white" onClick={() => downloadCsv(`loads-${localToday()}.csv`, loadsCsv(selected))}>
        <Download aria-hidden="true" /> Export CSV
      </Button>
      <Button size="xs" variant="ghost" onClick={onClear}>
        <X aria-hidden="true" /> Clear selection
      </Button>
      {isTooMany ? (
        <Text fontSize="xs" color="red.700">
          Select at most {BULK_MAX} loads to change their status or dispatcher.
        </Text>
      ) : null}
      {isConfirming && status !== '' ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? undefined : setConfirming(false))}
          title="Change status?"
          description={`${count} will be set to ${statusLabel(status)}.`}
          confirmLabel="Change status"
          busyLabel="Changing..."
          isPending={bulkStatus.isPending}
          onConfirm={() => bulkStatus.mutate({ ids: selected.map((load) => load.id), status })}
        />
      ) : null}
      {isConfirmingDispatcher && dispatcher !== '' ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? undefined : setConfirmingDispatcher(false))}
          title="Assign dispatcher?"
          description={
            dispatcher === NO_DISPATCHER ? `${count} will have no dispatcher.` : `${count} will be dispatched by ${dispatcherName}.`
          }
          confirmLabel="Assign dispatcher"
          busyLabel="Assigning..."
          isPending={bulkDispatcher.isPending}
          onConfirm={() =>
            bulkDispatcher.mutate(
              { ids: selected.map((load) => load.id), dispatcherId: dispatcher === NO_DISPATCHER ? null : dispatcher },
              { onError: () => setConfirmingDispatcher(false) },
            )
          }
        />
      ) : null}
    </Flex>
  );
}
