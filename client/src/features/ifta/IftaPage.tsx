import { useMemo, useState } from 'react';
import { Badge, Button, Flex, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { FileDown } from 'lucide-react';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { quarterOf, type IftaReport, type ReportLine } from '#shared/schemas/ifta.js';
import { can } from '#shared/permissions.js';
import { DataTable, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { PlainSelect } from '../../components/PlainFields';
import { reportFailure, useFailureToast } from '../../lib/errors';
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { downloadCsv } from '../loads/loads-csv';
import { saveFile } from '../invoices/use-invoices';
import { FuelTab } from './FuelTab';
import { RatesTab } from './RatesTab';
import { RebuildProgress, RebuildQuarterButton } from './RebuildQuarter';

export const IFTA_TABS = ['report', 'fuel', 'rates'] as const;
export type IftaTab = (typeof IFTA_TABS)[number];
const TAB_LABELS: Record<IftaTab, string> = { report: 'Report', fuel: 'Fuel purchases', rates: 'Tax rates' };

export interface IftaAddress {
  tab: IftaTab;
  quarter?: string | undefined;
}

/** The last eight quarters, newest first. */
function recentQuarters(): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  const date = new Date();
  date.setUTCDate(1);
  for (let i = 0; i < 8; i++) {
    const quarter = quarterOf(date);
    if (!out.some((option) => option.value === quarter)) out.push({ value: quarter, label: quarter.replace('-', ' ') });
    date.setUTCMonth(date.getUTCMonth() - 3);
  }
  return out;
}

/**
 * IFTA (issue 31, item 5), for admins and treasury: the quarterly report (miles per jurisdiction
 * from the tracks, taxable gallons at the fleet's MPG, gallons bought, net taxable gallons, tax due),
 * the gaps to review, the fuel purchases and the quarter's tax rates. Tab and quarter in the address.
 */
export function IftaPage({
  session,
  address,
  onAddressChange,
}: {
  session: SessionOutput;
  address: IftaAddress;
  onAddressChange: (address: IftaAddress) => void;
}) {
  const identity = { role: session.role, isMasterAdmin: session.isMasterAdmin, portal: null };
  const canWrite = can(identity, 'ifta', 'write');
  const canRebuild = can(identity, 'ifta', 'rebuild');
  const quarters = useMemo(recentQuarters, []);
  const quarter = address.quarter ?? (quarters[0]?.value as string);
  return (
    <>
      <PageHeader title="IFTA" subtitle="Fuel tax: miles per state from the tracks, fuel bought, tax due per quarter" />
      <Flex gap="3" align="end" mb="3" wrap="wrap">
        <Stack minW="40">
          <PlainSelect
            label="Quarter"
            name="quarter"
            value={quarter}
            onChange={(value) => onAddressChange({ tab: address.tab, quarter: value })}
            options={quarters}
          />
        </Stack>
      </Flex>
      <Tabs.Root
        value={address.tab}
        onValueChange={(event) => onAddressChange({ tab: event.value as IftaTab, quarter: address.quarter })}
        lazyMount
        unmountOnExit
        variant="line"
        colorPalette="blue"
      >
        <Tabs.List overflowX="auto" overflowY="hidden" css={{ '& > button': { flexShrink: 0, whiteSpace: 'nowrap' } }}>
          {IFTA_TABS.map((tab) => (
            <Tabs.Trigger key={tab} value={tab}>
              {TAB_LABELS[tab]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="report">
          <ReportTab quarter={quarter} canRebuild={canRebuild} />
        </Tabs.Content>
        <Tabs.Content value="fuel">
          <FuelTab quarter={quarter} canWrite={canWrite} />
        </Tabs.Content>
        <Tabs.Content value="rates">
          <RatesTab quarter={quarter} canWrite={canWrite} />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}

const SORTS = {
  jurisdiction: { label: 'State (A–Z)', compare: (a: ReportLine, b: ReportLine) => a.jurisdiction.localeCompare(b.jurisdiction) },
  miles: { label: 'Miles (most first)', compare: (a: ReportLine, b: ReportLine) => Number(b.miles) - Number(a.miles) },
  taxDue: { label: 'Tax due (most first)', compare: (a: ReportLine, b: ReportLine) => Number(b.taxDue ?? 0) - Number(a.taxDue ?? 0) },
  net: {
    label: 'Net gallons (most first)',
    compare: (a: ReportLine, b: ReportLine) => Number(b.netTaxableGallons) - Number(a.netTaxableGallons),
  },
} as const;
type SortKey = keyof typeof SORTS;

/** Gallons, always to the hundredth, so a column of them lines up. */
const gallons = (value: string) => formatNumber(value, undefined, { fixed: true });
const stateName = (code: string) => (code === 'XX' ? 'Outside state lines' : code);

function ReportTab({ quarter, canRebuild }: { quarter: string; canRebuild: boolean }) {
  const report = trpc.ifta.report.useQuery({ quarter });
  useFailureToast(report);
  const csv = trpc.ifta.reportCsv.useMutation();
  const pdf = trpc.ifta.reportPdf.useMutation();
  const [sort, setSort] = useState<SortKey>('jurisdiction');
  const data: IftaReport | undefined = report.data;
  const lines = data ? [...data.lines].sort(SORTS[sort].compare) : undefined;

  const columns: Column<ReportLine>[] = [
    { key: 'jurisdiction', header: 'State', cell: (line) => stateName(line.jurisdiction) },
    { key: 'miles', header: 'Miles', align: 'end', cell: (line) => formatNumber(line.miles) },
    { key: 'taxable', header: 'Taxable gal', align: 'end', cell: (line) => gallons(line.taxableGallons) },
    { key: 'bought', header: 'Gal bought', align: 'end', cell: (line) => gallons(line.gallonsBought) },
    { key: 'net', header: 'Net taxable gal', align: 'end', cell: (line) => gallons(line.netTaxableGallons) },
    { key: 'rate', header: 'Rate', align: 'end', cell: (line) => (line.rate ? `$${line.rate}` : '—') },
    { key: 'tax', header: 'Tax due', align: 'end', cell: (line) => (line.taxDue ? formatMoney(line.taxDue) : '—') },
  ];
  type Gap = IftaReport['gaps'][number];
  const gapColumns: Column<Gap>[] = [
    { key: 'truck', header: 'Truck', cell: (gap) => gap.truckUnit },
    { key: 'from', header: 'From', cell: (gap) => `${formatDateTime(gap.startedAt)} (${gap.fromJurisdiction ?? '?'})` },
    { key: 'to', header: 'To', cell: (gap) => `${formatDateTime(gap.endedAt)} (${gap.toJurisdiction ?? '?'})` },
    { key: 'miles', header: 'Miles bridged', align: 'end', cell: (gap) => formatNumber(gap.miles) },
  ];
  type Truck = IftaReport['trucks'][number];
  const truckColumns: Column<Truck>[] = [
    { key: 'truck', header: 'Truck', cell: (truck) => truck.truckUnit },
    { key: 'miles', header: 'Miles', align: 'end', cell: (truck) => formatNumber(truck.miles) },
    { key: 'gallons', header: 'Gallons', align: 'end', cell: (truck) => gallons(truck.gallons) },
    {
      key: 'states',
      header: 'By state',
      cell: (truck) => truck.jurisdictions.map((j) => `${stateName(j.jurisdiction)} ${formatNumber(j.miles)}`).join(', ') || '—',
    },
  ];

  return (
    <Stack gap="4" pt="4">
      <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'end' }} justify="space-between" wrap="wrap">
        <Heading as="h2" size="lg">
          Report {quarter.replace('-', ' ')}
        </Heading>
        <Flex gap="2" wrap="wrap">
          <Button
            variant="outline"
            loading={csv.isPending}
            loadingText="Preparing..."
            onClick={() =>
              csv.mutate(
                { quarter },
                {
                  onSuccess: ({ fileName, content }) => downloadCsv(fileName, content),
                  onError: (error) => reportFailure('Failed to download the report', error),
                },
              )
            }
          >
            <FileDown aria-hidden="true" /> Download CSV
          </Button>
          <Button
            variant="outline"
            loading={pdf.isPending}
            loadingText="Preparing..."
            onClick={() =>
              pdf.mutate(
                { quarter },
                {
                  onSuccess: ({ fileName, contentBase64 }) => saveFile(fileName, contentBase64),
                  onError: (error) => reportFailure('Failed to download the report', error),
                },
              )
            }
          >
            <FileDown aria-hidden="true" /> Download PDF
          </Button>
          {canRebuild ? <RebuildQuarterButton quarter={quarter} /> : null}
        </Flex>
      </Flex>
      <RebuildProgress quarter={quarter} />
      {data ? (
        <Flex gap="4" wrap="wrap" fontSize="sm">
          <Text>
            Total miles <strong>{formatNumber(data.totalMiles)}</strong>
          </Text>
          <Text>
            Gallons bought <strong>{gallons(data.totalGallons)}</strong>
          </Text>
          <Text>
            Fleet MPG <strong>{data.fleetMpg ?? '—'}</strong>
          </Text>
          <Text>
            Tax due <strong>{formatMoney(data.totalTaxDue)}</strong>
          </Text>
          {data.missingRates.length > 0 ? (
            <Badge colorPalette="orange">No rate yet for {data.missingRates.join(', ')}: add them on Tax rates</Badge>
          ) : null}
        </Flex>
      ) : null}
      <Stack maxW={{ md: '60' }}>
        <PlainSelect
          label="Sort by"
          name="sort"
          value={sort}
          onChange={(value) => setSort(value as SortKey)}
          options={Object.entries(SORTS).map(([value, option]) => ({ value, label: option.label }))}
        />
      </Stack>
      <DataTable
        label="Miles and fuel per state"
        columns={columns}
        rows={lines}
        rowKey={(line) => line.jurisdiction}
        isLoading={report.isLoading}
        error={report.error}
        emptyText="No miles or fuel in this quarter yet."
        loadingText="Loading report..."
        onRetry={() => void report.refetch()}
      />
      <Heading as="h3" size="md">
        Gaps to review
      </Heading>
      <Text fontSize="sm" color="gray.700">
        Tracking lost for over 50 miles: the miles are counted along a straight line between the two positions.
      </Text>
      <DataTable
        label="Gaps to review"
        columns={gapColumns}
        rows={data?.gaps}
        rowKey={(gap) => gap.id}
        isLoading={report.isLoading}
        error={report.error}
        emptyText="No gaps over 50 miles this quarter."
        loadingText="Loading gaps..."
        onRetry={() => void report.refetch()}
      />
      <Heading as="h3" size="md">
        Per truck
      </Heading>
      <DataTable
        label="Per truck"
        columns={truckColumns}
        rows={data?.trucks}
        rowKey={(truck) => truck.truckId}
        isLoading={report.isLoading}
        error={report.error}
        emptyText="No truck has miles or fuel this quarter."
        loadingText="Loading trucks..."
        onRetry={() => void report.refetch()}
      />
    </Stack>
  );
}
