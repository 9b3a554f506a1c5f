import { useState } from 'react';
import { Button, Stack } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { INVOICE_LIMITS, INVOICE_STATUS_FILTERS, type InvoiceListItem, type InvoiceStatusFilter } from '#shared/schemas/invoices.js';
import { FilterBar } from '../../components/FilterBar';
import { PageHeader } from '../../components/PageHeader';
import { PlainSelect } from '../../components/PlainFields';
import { LoadMore } from '../../components/records/record-parts';
import { useFailureToast } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useSearchBox } from '../../lib/use-paged-list';
import { InvoiceFormDialog } from './InvoiceFormDialog';
import { InvoicesTable } from './InvoicesTable';
import { invoicePermissions, useInvoiceList, type InvoiceFilters } from './use-invoices';

const STATUS_LABELS: Record<InvoiceStatusFilter, string> = {
  all: 'All statuses',
  draft: 'Draft',
  sent: 'Sent',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
  factoring: 'Factoring',
};
const STATUS_OPTIONS = INVOICE_STATUS_FILTERS.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

/** The Invoices screen: search by number, status and broker filters (in the address), the table paged with "Load more", Create Invoice. */
export function InvoicesPage({
  session,
  filters,
  onFiltersChange,
}: {
  session: SessionOutput;
  filters: InvoiceFilters;
  onFiltersChange: (filters: InvoiceFilters) => void;
}) {
  const permissions = invoicePermissions(session);
  const [editing, setEditing] = useState<InvoiceListItem | 'new' | null>(null);
  const { query, invoices } = useInvoiceList(filters);
  useFailureToast(query, 'Error', 'Failed to fetch data');
  const options = trpc.invoices.formOptions.useQuery({}, { enabled: permissions.canChange });
  const payments = trpc.invoices.paymentsStatus.useQuery();
  const [searchText, setSearchText] = useSearchBox(filters.search, (search) => onFiltersChange({ ...filters, search }));
  const hasFilters = filters.search !== '' || filters.status !== 'all' || filters.brokerId !== '' || searchText !== '';

  return (
    <>
      <PageHeader
        title="Invoices"
        subtitle="Bill your brokers, collect payments and follow what is owed"
        actions={
          permissions.canCreate ? (
            <Button colorPalette="blue" onClick={() => setEditing('new')} alignSelf={{ base: 'stretch', md: 'center' }}>
              <Plus aria-hidden="true" /> Create Invoice
            </Button>
          ) : null
        }
      />
      <FilterBar
        searchId="invoice-search"
        placeholder="Search by invoice number..."
        maxLength={INVOICE_LIMITS.search}
        searchText={searchText}
        onSearchText={setSearchText}
        hasFilters={hasFilters}
        onClear={() => onFiltersChange({ search: '', status: 'all', brokerId: '' })}
      >
        <Stack minW={{ md: '44' }}>
          <PlainSelect
            label="Status"
            name="status"
            value={filters.status}
            onChange={(value) => onFiltersChange({ ...filters, status: value as InvoiceStatusFilter })}
            options={STATUS_OPTIONS}
          />
        </Stack>
        <Stack minW={{ md: '48' }}>
          <PlainSelect
            label="Broker"
            name="brokerId"
            value={filters.brokerId}
            onChange={(brokerId) => onFiltersChange({ ...filters, brokerId })}
            options={[
              { value: '', label: 'All brokers' },
              ...(options.data?.brokers ?? []).map((broker) => ({ value: broker.id, label: broker.name })),
            ]}
          />
        </Stack>
      </FilterBar>

      <InvoicesTable
        invoices={invoices}
        canChange={permissions.canChange}
        paymentsConfigured={payments.data?.configured ?? false}
        isLoading={query.isLoading}
        error={query.error}
        emptyText={hasFilters ? 'No invoices match your filters.' : 'No invoices yet. Create your first invoice to get started.'}
        onRetry={() => void query.refetch()}
        onEdit={(invoice) => setEditing(invoice)}
      />
      <LoadMore hasMore={query.hasNextPage} isLoading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
      {editing ? <InvoiceFormDialog invoice={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
