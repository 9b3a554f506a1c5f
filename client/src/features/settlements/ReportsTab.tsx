import { useState } from 'react';
import { Button, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { FileDown } from 'lucide-react';
import type { SettlementReport, SettlementReportOutput } from '#shared/schemas/settlements.js';
import { DataTable, type Column } from '../../components/DataTable';
import { PlainSelect } from '../../components/PlainFields';
import { reportFailure, useFailureToast } from '../../lib/errors';
import { formatMoney, formatNumber } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { downloadCsv } from '../loads/loads-csv';
import { localToday } from '#shared/schemas/invoices.js';

const REPORTS: Record<SettlementReport, { label: string; description: string; takes: 'range' | 'year' }> = {
  by_period: { label: 'By period', description: 'Each week: drivers, gross, deductions, net, approved and paid.', takes: 'range' },
  per_driver: { label: 'Per driver', description: 'Each driver over the range: loads, miles, pay per mile and per load.', takes: 'range' },
  ytd: { label: 'Year to date', description: "Each driver's gross, deductions and net this year.", takes: 'year' },
  '1099': { label: '1099 worksheet', description: "Each owner-operator's yearly totals, for the 1099-NEC.", takes: 'year' },
};
const REPORT_OPTIONS = Object.entries(REPORTS).map(([value, report]) => ({ value, label: report.label }));

/** A report's row, with its place in the report as its key. */
type Row = { rowNumber: number; cells: SettlementReportOutput['rows'][number] };

/** A report's cell: decimal strings as money or figures, numbers as counts, nothing as a dash. */
function cellText(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') return formatNumber(value);
  return /^-?\d+\.\d{2}$/.test(value) ? formatMoney(value) : value;
}

/**
 * The Reports tab: settlements by period and per driver (over a date range), year to date and the
 * 1099 worksheet (by year), each as a table and as a CSV made by the server.
 */
export function ReportsTab() {
  const year = new Date().getFullYear();
  const [report, setReport] = useState<SettlementReport>('by_period');
  const [from, setFrom] = useState(`${year}-01-01`);
  const [to, setTo] = useState(localToday());
  const [reportYear, setReportYear] = useState(String(year));
  const takes = REPORTS[report].takes;
  const yearNumber = Number(reportYear);
  const validYear = Number.isInteger(yearNumber) && yearNumber >= 2000 && yearNumber <= 2100;
  const validRange = from !== '' && to !== '' && from <= to;

  const range = { from, to };
  const byPeriod = trpc.settlements.reportByPeriod.useQuery(range, { enabled: report === 'by_period' && validRange });
  const perDriver = trpc.settlements.reportPerDriver.useQuery(range, { enabled: report === 'per_driver' && validRange });
  const ytd = trpc.settlements.reportYtd.useQuery({ year: yearNumber }, { enabled: report === 'ytd' && validYear });
  const form1099 = trpc.settlements.report1099.useQuery({ year: yearNumber }, { enabled: report === '1099' && validYear });
  const query = { by_period: byPeriod, per_driver: perDriver, ytd, '1099': form1099 }[report];
  useFailureToast(query);
  const csv = trpc.settlements.reportCsv.useMutation();

  const data = query.data;
  const columns: Column<Row>[] = (data?.columns ?? []).map((column) => ({
    key: column.key,
    header: column.label,
    align: data?.rows.some((row) => typeof row[column.key] === 'number' || /^-?\d+(\.\d+)?$/.test(String(row[column.key] ?? '')))
      ? 'end'
      : 'start',
    cell: (row) => <Text whiteSpace="nowrap">{cellText(row.cells[column.key])}</Text>,
  }));
  const rows: Row[] | undefined = data?.rows.map((cells, index) => ({ cells, rowNumber: index }));

  const download = () =>
    csv.mutate(takes === 'range' ? { report, from, to } : { report, year: yearNumber }, {
      onSuccess: ({ fileName, content }) => downloadCsv(fileName, content),
      onError: (error) => reportFailure('Failed to download the report', error),
    });

  return (
    <Stack gap="4" pt="4">
      <Heading as="h2" size="lg">
        Reports
      </Heading>
      <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'end' }} wrap="wrap">
        <Stack minW={{ md: '52' }}>
          <PlainSelect
            label="Report"
            name="report"
            value={report}
            onChange={(value) => setReport(value as SettlementReport)}
            options={REPORT_OPTIONS}
          />
        </Stack>
        {takes === 'range' ? (
          <>
            <DateInput label="From" name="from" value={from} onChange={setFrom} invalid={!validRange} />
            <DateInput label="To" name="to" value={to} onChange={setTo} invalid={!validRange} error="To must be on or after From" />
          </>
        ) : (
          <Field.Root invalid={!validYear} maxW={{ md: '32' }}>
            <Field.Label>Year</Field.Label>
            <Input
              name="year"
              type="number"
              min={2000}
              max={2100}
              value={reportYear}
              onChange={(event) => setReportYear(event.target.value)}
              bg="white"
            />
            {validYear ? null : <Field.ErrorText color="red.700">Year is invalid</Field.ErrorText>}
          </Field.Root>
        )}
        <Button
          variant="outline"
          onClick={download}
          loading={csv.isPending}
          loadingText="Preparing..."
          disabled={takes === 'range' ? !validRange : !validYear}
        >
          <FileDown aria-hidden="true" /> Download CSV
        </Button>
      </Flex>
      <Text fontSize="sm" color="gray.700">
        {REPORTS[report].description}
      </Text>
      <DataTable
        label={REPORTS[report].label}
        columns={columns}
        rows={rows}
        rowKey={(row) => String(row.rowNumber)}
        isLoading={query.isLoading}
        error={query.error}
        emptyText="Nothing to report for this range."
        loadingText="Loading report..."
        onRetry={() => void query.refetch()}
      />
    </Stack>
  );
}

function DateInput({
  label,
  name,
  value,
  onChange,
  invalid,
  error,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  error?: string;
}) {
  return (
    <Field.Root invalid={invalid} maxW={{ md: '44' }}>
      <Field.Label>{label}</Field.Label>
      <Input name={name} type="date" value={value} onChange={(event) => onChange(event.target.value)} bg="white" />
      {invalid && error ? <Field.ErrorText color="red.700">{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
