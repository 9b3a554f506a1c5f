import { useEffect, useMemo, useState } from 'react';
import { Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { CalendarPlus, CheckCheck, RefreshCw } from 'lucide-react';
import { DRIVER_PAY_TYPE_LABELS, openPeriodInput } from '#shared/schemas/settlements.js';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { PlainSelect } from '../../components/PlainFields';
import { StatusBadge } from '../../components/StatusBadge';
import { notify } from '../../components/toaster';
import { reportFailure, useFailureToast } from '../../lib/errors';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';
import { SettlementDrawer } from './SettlementDrawer';
import { formatWeek } from './settlement-rules';
import { SETTLEMENT_TEXTS, useRefreshSettlements, type Period, type SettlementSummary } from './use-settlements';

/** A period's week as people read it: "Nov 22 – Nov 28, 2026". */
export const periodWeek = (period: { startsOn: string; endsOn: string }) => formatWeek(period.startsOn, period.endsOn);

const SORTS = {
  driver: { label: 'Driver (A–Z)', compare: (a: SettlementSummary, b: SettlementSummary) => a.driverName.localeCompare(b.driverName) },
  // Ordering only: no sum is made of these numbers, so reading the decimals as numbers loses nothing that matters.
  net: { label: 'Net (highest first)', compare: (a: SettlementSummary, b: SettlementSummary) => Number(b.net) - Number(a.net) },
  gross: { label: 'Gross (highest first)', compare: (a: SettlementSummary, b: SettlementSummary) => Number(b.gross) - Number(a.gross) },
  deductions: {
    label: 'Deductions (largest first)',
    compare: (a: SettlementSummary, b: SettlementSummary) => Math.abs(Number(b.deductions)) - Math.abs(Number(a.deductions)),
  },
  loads: { label: 'Loads (most first)', compare: (a: SettlementSummary, b: SettlementSummary) => b.loadCount - a.loadCount },
  miles: { label: 'Miles (most first)', compare: (a: SettlementSummary, b: SettlementSummary) => Number(b.miles) - Number(a.miles) },
  status: { label: 'Status (drafts first)', compare: (a: SettlementSummary, b: SettlementSummary) => a.status.localeCompare(b.status) },
} as const;
type SortKey = keyof typeof SORTS;
const SORT_OPTIONS = Object.entries(SORTS).map(([value, sort]) => ({ value, label: sort.label }));

/**
 * The Periods tab: the weeks, newest first (drivers, approved and paid counts, gross, deductions,
 * net, status), "Open week", and the chosen week's settlements (sortable) with "Approve all"; a
 * settlement opens in a drawer.
 */
export function PeriodsTab({
  canChange,
  periodId,
  settlementId,
  onSelect,
}: {
  canChange: boolean;
  periodId: string | undefined;
  settlementId: string | undefined;
  onSelect: (periodId: string | undefined, settlementId?: string) => void;
}) {
  const periods = trpc.settlements.listPeriods.useQuery();
  useFailureToast(periods);
  const [opening, setOpening] = useState(false);
  const chosen = periods.data?.find((period) => period.id === periodId) ?? periods.data?.[0];

  const columns: Column<Period>[] = [
    {
      key: 'week',
      header: 'Week',
      cell: (period) => (
        <Button
          variant="plain"
          size="sm"
          px="0"
          h="auto"
          color="blue.700"
          fontWeight={period.id === chosen?.id ? 'bold' : 'medium'}
          aria-pressed={period.id === chosen?.id}
          aria-label={`Show the week of ${periodWeek(period)}`}
          onClick={() => onSelect(period.id)}
        >
          {periodWeek(period)}
        </Button>
      ),
    },
    { key: 'drivers', header: 'Drivers', align: 'end', cell: (period) => period.settlementCount },
    { key: 'approved', header: 'Approved', align: 'end', cell: (period) => period.approvedCount },
    { key: 'paid', header: 'Paid', align: 'end', cell: (period) => period.paidCount },
    { key: 'gross', header: 'Gross', align: 'end', cell: (period) => <Money value={period.gross} /> },
    { key: 'deductions', header: 'Deductions', align: 'end', cell: (period) => <Money value={period.deductions} /> },
    { key: 'net', header: 'Net', align: 'end', cell: (period) => <Money value={period.net} strong /> },
    { key: 'status', header: 'Status', cell: (period) => <StatusBadge status={period.status} /> },
  ];

  return (
    <Stack gap="6" pt="4">
      <Flex justify="space-between" align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }} gap="3">
        <Heading as="h2" size="lg">
          Periods
        </Heading>
        {canChange ? (
          <Button colorPalette="blue" onClick={() => setOpening(true)}>
            <CalendarPlus aria-hidden="true" /> Open week
          </Button>
        ) : null}
      </Flex>
      <DataTable
        label="Settlement periods"
        columns={columns}
        rows={periods.data}
        rowKey={(period) => period.id}
        isLoading={periods.isLoading}
        error={periods.error}
        emptyText={SETTLEMENT_TEXTS.noPeriods}
        loadingText="Loading periods..."
        onRetry={() => void periods.refetch()}
      />
      {chosen ? (
        <PeriodSettlements
          key={chosen.id}
          period={chosen}
          canChange={canChange}
          onOpen={(id) => onSelect(chosen.id, id)}
          onOpenedWeek={(id) => onSelect(id)}
        />
      ) : null}
      {opening ? <OpenWeekDialog onClose={() => setOpening(false)} onOpened={(period) => onSelect(period.id)} /> : null}
      {settlementId ? <SettlementDrawer id={settlementId} canChange={canChange} onClose={() => onSelect(chosen?.id)} /> : null}
    </Stack>
  );
}

/** Money right-aligned on one line; the net in bold. */
export function Money({ value, strong }: { value: string | null | undefined; strong?: boolean }) {
  return (
    <Text as="span" whiteSpace="nowrap" fontWeight={strong ? 'semibold' : undefined} fontVariantNumeric="tabular-nums">
      {formatMoney(value)}
    </Text>
  );
}

/** One week's settlements, sortable, each opening in the drawer; "Approve all" and "Gather again" while the week is open. */
function PeriodSettlements({
  period,
  canChange,
  onOpen,
  onOpenedWeek,
}: {
  period: Period;
  canChange: boolean;
  onOpen: (settlementId: string) => void;
  onOpenedWeek: (periodId: string) => void;
}) {
  const settlements = trpc.settlements.listSettlements.useQuery({ periodId: period.id });
  useFailureToast(settlements);
  const refresh = useRefreshSettlements();
  const approveAll = trpc.settlements.approveAll.useMutation({ onSettled: refresh });
  const regather = trpc.settlements.refreshPeriod.useMutation({ onSettled: refresh });
  const [confirming, setConfirming] = useState(false);
  const [sort, setSort] = useState<SortKey>('driver');
  const rows = useMemo(() => (settlements.data ? [...settlements.data].sort(SORTS[sort].compare) : undefined), [settlements.data, sort]);
  const drafts = settlements.data?.filter((settlement) => settlement.status === 'draft').length ?? 0;
  const week = periodWeek(period);

  const columns: Column<SettlementSummary>[] = [
    {
      key: 'driver',
      header: 'Driver',
      cell: (settlement) => (
        <Button
          variant="plain"
          size="sm"
          px="0"
          h="auto"
          color="blue.700"
          aria-label={`Open the settlement of ${settlement.driverName}`}
          onClick={() => onOpen(settlement.id)}
        >
          {settlement.driverName}
        </Button>
      ),
    },
    { key: 'type', header: 'Type', cell: (settlement) => DRIVER_PAY_TYPE_LABELS[settlement.driverType] },
    { key: 'loads', header: 'Loads', align: 'end', cell: (settlement) => settlement.loadCount },
    { key: 'miles', header: 'Miles', align: 'end', cell: (settlement) => formatNumber(settlement.miles) },
    { key: 'gross', header: 'Gross', align: 'end', cell: (settlement) => <Money value={settlement.gross} /> },
    { key: 'deductions', header: 'Deductions', align: 'end', cell: (settlement) => <Money value={settlement.deductions} /> },
    { key: 'net', header: 'Net', align: 'end', cell: (settlement) => <Money value={settlement.net} strong /> },
    {
      key: 'status',
      header: 'Status',
      cell: (settlement) => (
        <HStack gap="2" wrap="wrap">
          <StatusBadge status={settlement.status} />
          {settlement.paidAt ? (
            <Text fontSize="xs" color="gray.700">
              {formatDate(settlement.paidAt)}
            </Text>
          ) : null}
        </HStack>
      ),
    },
  ];

  return (
    <Stack as="section" aria-labelledby="period-settlements-heading" gap="4">
      <Flex justify="space-between" align={{ base: 'stretch', md: 'end' }} direction={{ base: 'column', md: 'row' }} gap="3">
        <Stack gap="1">
          <Heading as="h2" size="lg" id="period-settlements-heading">
            Settlements · {week}
          </Heading>
          <HStack gap="2">
            <StatusBadge status={period.status} />
            <Text fontSize="sm" color="gray.700">
              {period.settlementCount} drivers · {period.approvedCount} approved · {period.paidCount} paid
            </Text>
          </HStack>
        </Stack>
        <Flex gap="3" direction={{ base: 'column', sm: 'row' }} align={{ sm: 'end' }}>
          <Stack minW={{ sm: '52' }}>
            <PlainSelect label="Sort by" name="sort" value={sort} onChange={(value) => setSort(value as SortKey)} options={SORT_OPTIONS} />
          </Stack>
          {canChange && period.status === 'open' ? (
            <>
              <Button
                variant="outline"
                loading={regather.isPending}
                loadingText="Gathering..."
                onClick={() =>
                  regather.mutate(
                    { periodId: period.id },
                    {
                      onSuccess: () =>
                        notify.success('Week gathered again', 'Draft settlements now carry the latest loads and deductions.'),
                      onError: (error) => reportFailure('Failed to gather the week', error),
                    },
                  )
                }
              >
                <RefreshCw aria-hidden="true" /> Gather again
              </Button>
              <Button colorPalette="green" disabled={drafts === 0} onClick={() => setConfirming(true)}>
                <CheckCheck aria-hidden="true" /> Approve all
                {drafts > 0 ? ` (${drafts})` : null}
              </Button>
            </>
          ) : null}
        </Flex>
      </Flex>
      <DataTable
        label={`Settlements of ${week}`}
        columns={columns}
        rows={rows}
        rowKey={(settlement) => settlement.id}
        isLoading={settlements.isLoading}
        error={settlements.error}
        emptyText={SETTLEMENT_TEXTS.noSettlements}
        loadingText="Loading settlements..."
        onRetry={() => void settlements.refetch()}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Approve all settlements"
        description={`Approve the ${drafts} draft settlements of ${week}? ${SETTLEMENT_TEXTS.approveWarning}: a correction is an adjustment in a later week. Each driver is told their statement is ready.`}
        confirmLabel="Approve all"
        busyLabel="Approving..."
        isPending={approveAll.isPending}
        onConfirm={() =>
          approveAll.mutate(
            { periodId: period.id },
            {
              onSuccess: () => {
                setConfirming(false);
                notify.success('Settlements approved', `Every draft of ${week} is approved`);
                onOpenedWeek(period.id);
              },
              onError: (error) => reportFailure('Failed to approve the settlements', error),
            },
          )
        }
      />
    </Stack>
  );
}

/** "Open week": the week's first day (the day after the last period, on the company's week start day); gathers each driver's delivered loads. */
function OpenWeekDialog({ onClose, onOpened }: { onClose: () => void; onOpened: (period: Period) => void }) {
  const defaults = trpc.settlements.periodDefaults.useQuery();
  useFailureToast(defaults);
  const refresh = useRefreshSettlements();
  const open = trpc.settlements.openPeriod.useMutation({ onSettled: refresh });
  const form = useZodForm(openPeriodInput, { startsOn: '' });
  const nextStartsOn = defaults.data?.nextStartsOn;
  // The next week's first day, once the server has said it (unless a date was typed meanwhile).
  useEffect(() => {
    if (nextStartsOn && !form.getValues('startsOn')) form.setValue('startsOn', nextStartsOn);
  }, [nextStartsOn, form]);
  const onSubmit = form.handleSubmit((input) =>
    open.mutate(input, {
      onSuccess: (period) => {
        notify.success('Week opened', `${periodWeek(period)}: ${period.settlementCount} draft settlements`);
        onOpened(period);
        onClose();
      },
      onError: form.fail('Failed to open the week'),
    }),
  );
  return (
    <FormDialog
      open
      onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}
      title="Open week"
      description="Gathers each driver's delivered loads not settled yet, with their pay lines and the week's deductions, as draft settlements."
      submitLabel="Open week"
      busyLabel="Opening..."
      isPending={open.isPending}
      onSubmit={(event) => void onSubmit(event)}
    >
      <FormField
        control={form.control}
        name="startsOn"
        label="Week starts on"
        type="date"
        required
        helperText={nextStartsOn ? `The next week starts ${formatDate(nextStartsOn)}.` : undefined}
      />
    </FormDialog>
  );
}
