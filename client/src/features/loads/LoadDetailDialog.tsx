import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Button, Center, DataList, Flex, Spinner, Stack, Tabs, Text, Timeline } from '@chakra-ui/react';
import { CircleDot, Pencil } from 'lucide-react';
import { LOAD_STATUSES, type LoadStatus } from '#shared/constants.js';
import { can } from '#shared/permissions.js';
import { commission } from '#shared/rules/commission.js';
import {
  ACCESSORIAL_LABELS,
  EQUIPMENT_LABELS,
  type LoadDetail,
  type LoadHistoryEntry,
  type LoadHistoryKind,
  type LoadStop,
} from '#shared/schemas/loads.js';
import { QueryState } from '../../components/QueryState';
import { ViewDialog } from '../../components/ViewDialog';
import { PlainSelect } from '../../components/PlainFields';
import { StatusBadge, statusLabel } from '../../components/StatusBadge';
import { notify } from '../../components/toaster';
import { formatDateAtTime, formatMoney, formatNumber } from '../../lib/format';
import { appointmentOf, stopName, stopReferences } from '../../lib/stop-text';
import { reportFailure, useFailureToast } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { LoadFormDialog } from './LoadFormDialog';
import { LoadMiles } from './LoadMiles';
import { StopVisits } from './StopVisits';
import { LoadPaperworkMenu } from './LoadPaperworkMenu';
import { documentPermissions } from '../documents/use-documents';
import { LoadDocumentsTab, useLoadDocumentCount } from './LoadDocumentsTab';

// MapLibre is heavy: it loads only when someone opens the Map tab (the lane with the driver's track, docs/fleet.md).
const LoadTrackMap = lazy(() => import('../tracking/LoadTrackMap').then((module) => ({ default: module.LoadTrackMap })));

/** The load detail dialog: Details, Map, Documents and Status & Updates, with Edit for those who may change the load. */
export function LoadDetailDialog({
  loadId,
  canChange,
  onClose,
}: {
  loadId: string;
  canChange: (load: LoadDetail) => boolean;
  onClose: () => void;
}) {
  const query = trpc.loads.get.useQuery({ id: loadId });
  const [isEditing, setEditing] = useState(false);
  const load = query.data;
  useFailureToast(query, 'Failed to load details');

  return (
    <ViewDialog
      title={load ? load.loadNumber : 'Load details'}
      badge={load ? <StatusBadge status={load.status} /> : null}
      size="xl"
      onClose={onClose}
      actions={
        <>
          {load ? <LoadPaperworkMenu load={load} canSend={canChange(load)} /> : null}
          {load && canChange(load) ? (
            <Button variant="outline" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" /> Edit
            </Button>
          ) : null}
        </>
      }
      nested={isEditing && load ? <LoadFormDialog load={load} onClose={() => setEditing(false)} /> : null}
    >
      <QueryState
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={!load}
        emptyText="Load not found"
        onRetry={() => void query.refetch()}
      >
        {load ? <LoadTabs load={load} canChange={canChange(load)} /> : null}
      </QueryState>
    </ViewDialog>
  );
}

function LoadTabs({ load, canChange }: { load: LoadDetail; canChange: boolean }) {
  const session = useSession();
  const documents = documentPermissions(session);
  const documentCount = useLoadDocumentCount(load.id);
  return (
    <Tabs.Root defaultValue="details" lazyMount unmountOnExit variant="line" colorPalette="blue">
      {/* On a phone the tabs scroll sideways rather than wrap. */}
      <Tabs.List overflowX="auto" overflowY="hidden" css={{ '& > button': { flexShrink: 0, whiteSpace: 'nowrap' } }}>
        <Tabs.Trigger value="details">Details</Tabs.Trigger>
        <Tabs.Trigger value="map">Map</Tabs.Trigger>
        <Tabs.Trigger value="documents">Documents ({documentCount ?? '…'})</Tabs.Trigger>
        <Tabs.Trigger value="status">Status &amp; Updates</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="details">
        <LoadDetails load={load} canChange={canChange} />
      </Tabs.Content>
      <Tabs.Content value="map">
        <Suspense
          fallback={
            <Center py="10" role="status">
              <Spinner color="blue.600" /> <Text ms="2">Loading map...</Text>
            </Center>
          }
        >
          <LoadTrackMap load={load} />
        </Suspense>
      </Tabs.Content>
      <Tabs.Content value="documents">
        <LoadDocumentsTab loadId={load.id} canUpload={documents.canUpload} canDelete={documents.canDelete} />
      </Tabs.Content>
      <Tabs.Content value="status">
        <StatusAndUpdates load={load} canChange={canChange} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

function LoadDetails({ load, canChange }: { load: LoadDetail; canChange: boolean }) {
  const canCorrectMiles = can(useSession(), 'settlements', 'miles');
  const equipment = load.equipmentType
    ? `${EQUIPMENT_LABELS[load.equipmentType]}${load.equipmentType === 'reefer' && load.temperature !== null ? ` at ${formatNumber(load.temperature)} °F` : ''}`
    : '—';
  const rows: [string, ReactNode][] = [
    ['Reference number', load.referenceNumber ?? '—'],
    ['Commodity', load.commodity ?? '—'],
    ['Equipment', equipment],
    ['Weight', formatNumber(load.weight, 'lbs')],
    // The one distance the load has, as the Map tab labels it (issue 27, item 6).
    ['Distance', load.distance === null ? '—' : `${formatNumber(load.distance, 'mi')} (entered)`],
    ['Line haul', formatMoney(load.lineHaul ?? (load.accessorials.length === 0 ? load.rate : null))],
    ...load.accessorials.map((charge): [string, ReactNode] => [
      `${ACCESSORIAL_LABELS[charge.type]}${charge.description ? ` (${charge.description})` : ''}`,
      formatMoney(charge.amount),
    ]),
    ['Rate', formatMoney(load.rate)],
    ['Driver', load.driverName ?? 'Unassigned'],
    ['Truck', load.truckUnit ?? '—'],
    ['Trailer', load.trailerUnit ?? '—'],
    ['Dispatcher', load.dispatcherName ?? (load.dispatcherId ? 'Former user' : 'None')],
    ['Broker', load.brokerName ?? '—'],
    ['Carrier', load.carrierName ?? '—'],
    ['Sales percentage', load.salesPercentage === null ? '—' : `${formatNumber(load.salesPercentage)}%`],
    ['Commission', formatMoney(commission(load.rate, load.salesPercentage))],
    ['Factoring', load.factoring ? 'Yes' : 'No'],
    ['Notes', load.notes ?? '—'],
  ];
  return (
    <Stack gap="5" pt="2">
      <LoadStops stops={load.stops} />
      <StopVisits loadId={load.id} loadUpdatedAt={load.updatedAt} canChange={canChange} />
      <DataList.Root
        orientation="horizontal"
        size="md"
        gap="3"
        pt="2"
        display={{ base: 'flex', md: 'grid' }}
        gridTemplateColumns={{ md: '1fr 1fr' }}
        columnGap="8"
      >
        {rows.map(([label, value]) => (
          <DataList.Item key={label} alignItems="start" flexDirection={{ base: 'column', sm: 'row' }} gap={{ base: '0', sm: '4' }}>
            <DataList.ItemLabel minW="32" color="gray.700">
              {label}
            </DataList.ItemLabel>
            <DataList.ItemValue whiteSpace="pre-wrap" wordBreak="break-word">
              {value}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      {canCorrectMiles ? <LoadMiles loadId={load.id} /> : null}
    </Stack>
  );
}

/** Every stop in order: its place, appointment, references, contact and notes. */
function LoadStops({ stops }: { stops: LoadStop[] }) {
  return (
    <Stack as="ol" gap="3" listStyleType="none" m="0" p="0" aria-label="Stops" data-testid="load-stops">
      {stops.map((stop, index) => {
        const references = stopReferences(stop);
        const contact = [stop.contactName, stop.contactPhone].filter(Boolean).join(' · ');
        return (
          <Box as="li" key={index} borderWidth="1px" borderColor="gray.200" borderRadius="md" p="3" minW="0">
            <Text fontWeight="semibold">
              {index + 1}. {stopName(stop, index, stops.length)}
              {stop.facilityName ? ` — ${stop.facilityName}` : ''}
            </Text>
            <Text wordBreak="break-word">{stop.address}</Text>
            <Text>
              {stop.city}, {stop.state}
              {stop.zip ? ` ${stop.zip}` : ''}
            </Text>
            <Text color="gray.700">{appointmentOf(stop)}</Text>
            {references ? <Text color="gray.700">{references}</Text> : null}
            {contact ? <Text color="gray.700">Contact: {contact}</Text> : null}
            {stop.notes ? (
              <Text color="gray.700" whiteSpace="pre-wrap" wordBreak="break-word">
                {stop.notes}
              </Text>
            ) : null}
          </Box>
        );
      })}
    </Stack>
  );
}

const STATUS_OPTIONS = LOAD_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));

/**
 * The status selector (any of the six, in any order) and the timeline: every change of the load's
 * status and assignments from its history (loads.history, the audit trail), oldest first, each
 * with who made it and when.
 */
function StatusAndUpdates({ load, canChange }: { load: LoadDetail; canChange: boolean }) {
  const utils = trpc.useUtils();
  const changeStatus = trpc.loads.changeStatus.useMutation({
    onSuccess: (updated) => {
      utils.loads.get.setData({ id: updated.id }, updated);
      void utils.loads.list.invalidate();
      notify.success('Status Updated', `${updated.loadNumber} is now ${statusLabel(updated.status)}`);
    },
    onError: (error) => reportFailure('Failed to update status', error),
  });

  return (
    <Stack gap="6" pt="2">
      {canChange ? (
        <PlainSelect
          label="Status"
          name="status"
          value={load.status}
          options={STATUS_OPTIONS}
          onChange={(status) => changeStatus.mutate({ id: load.id, status: status as LoadStatus })}
        />
      ) : (
        <Flex gap="2" align="center">
          <Text fontWeight="medium">Status</Text>
          <StatusBadge status={load.status} />
        </Flex>
      )}
      <Stack gap="3">
        <Text fontWeight="semibold">Timeline</Text>
        <LoadTimeline load={load} />
      </Stack>
    </Stack>
  );
}

/** The load's history as a timeline. Re-read whenever the load changes (its own edits, or anyone's through the live channel). */
function LoadTimeline({ load }: { load: LoadDetail }) {
  const utils = trpc.useUtils();
  const history = trpc.loads.history.useQuery({ id: load.id });
  useFailureToast(history, 'Failed to load the timeline');
  const seen = useRef(load.updatedAt);
  useEffect(() => {
    if (seen.current === load.updatedAt) return;
    seen.current = load.updatedAt;
    void utils.loads.history.invalidate({ id: load.id });
  }, [load.id, load.updatedAt, utils]);
  const items = timelineItems(history.data?.entries ?? []);

  return (
    <QueryState
      isLoading={history.isLoading}
      error={history.error}
      isEmpty={items.length === 0}
      loadingText="Loading timeline..."
      emptyText="No changes recorded yet"
      onRetry={() => void history.refetch()}
    >
      {history.data?.hasEarlier ? (
        <Text color="gray.700" fontSize="sm">
          Earlier changes are not shown.
        </Text>
      ) : null}
      <Timeline.Root size="md" variant="subtle" aria-label="Status timeline" as="ol">
        {items.map((item) => (
          <TimelineEntry key={item.key} title={item.title} details={item.details} time={item.at} by={item.by} />
        ))}
      </Timeline.Root>
    </QueryState>
  );
}

/** Issue 31: an arrival or departure recorded from the truck's positions, or undone ("Arrived at pickup — Dallas, TX"). */
const VISIT_LABELS = {
  arrived: 'Arrived at',
  departed: 'Departed',
  arrivalUndone: 'Arrival undone at',
  departureUndone: 'Departure undone from',
} as const;
type VisitKind = keyof typeof VISIT_LABELS;
const isVisit = (kind: LoadHistoryKind): kind is VisitKind => kind in VISIT_LABELS;

const ASSIGNMENT_LABELS: Record<Exclude<LoadHistoryKind, 'created' | 'status' | VisitKind>, string> = {
  driver: 'Driver',
  broker: 'Broker',
  carrier: 'Carrier',
  salesAgent: 'Sales agent',
  dispatcher: 'Dispatcher',
};

/** One line of what an entry changed: "Driver assigned: Ivy Stone", "Status: In transit", ... */
function describeEntry(entry: LoadHistoryEntry): string {
  if (entry.kind === 'created') return 'Created';
  if (entry.kind === 'status') return `Status: ${statusLabel(entry.to ?? 'unknown')}`;
  if (isVisit(entry.kind)) return `${VISIT_LABELS[entry.kind]} ${entry.from ?? 'stop'}${entry.to ? ` — ${entry.to}` : ''}`;
  const label = ASSIGNMENT_LABELS[entry.kind];
  if (entry.from === null) return `${label} assigned: ${entry.to ?? ''}`;
  if (entry.to === null) return `${label} removed: ${entry.from}`;
  return `${label} changed: ${entry.from} → ${entry.to}`;
}

interface TimelineItem {
  key: string;
  title: string;
  details: string[];
  at: string;
  by: string | null;
}

/**
 * The timeline's items: one per entry, but a load's creation is one item ("Created", with the
 * status and assignments it was created with beside it).
 */
function timelineItems(entries: readonly LoadHistoryEntry[]): TimelineItem[] {
  const items: TimelineItem[] = [];
  const creation = entries.find((entry) => entry.kind === 'created');
  for (const entry of entries) {
    if (creation && entry.changeId === creation.changeId && entry.kind !== 'created') continue;
    if (entry.kind === 'created') {
      const details = entries
        .filter((other) => other.changeId === entry.changeId && other.kind !== 'created')
        .map((other) => describeEntry(other));
      if (entry.to !== null && entry.to !== 'pending') details.unshift(`Status: ${statusLabel(entry.to)}`);
      items.push({ key: entry.id, title: 'Created', details, at: entry.at, by: entry.by });
    } else {
      items.push({ key: entry.id, title: describeEntry(entry), details: [], at: entry.at, by: entry.by });
    }
  }
  return items;
}

function TimelineEntry({ title, details, time, by }: { title: string; details: string[]; time: string; by: string | null }) {
  return (
    <Timeline.Item as="li">
      <Timeline.Connector>
        <Timeline.Separator />
        <Timeline.Indicator>
          <CircleDot aria-hidden="true" />
        </Timeline.Indicator>
      </Timeline.Connector>
      <Timeline.Content>
        <Timeline.Title overflowWrap="anywhere">{title}</Timeline.Title>
        {details.map((detail) => (
          <Text key={detail} fontSize="sm" overflowWrap="anywhere">
            {detail}
          </Text>
        ))}
        <Timeline.Description color="gray.700">
          {formatDateAtTime(time)} · by {by ?? 'System'}
        </Timeline.Description>
      </Timeline.Content>
    </Timeline.Item>
  );
}
