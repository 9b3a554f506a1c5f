import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { INVOICE_ADDRESS, optionalText, optionalOneOf, optionalUuid, type RawSearch } from '../../lib/search-params';
import { InvoicesPage } from '../../features/invoices/InvoicesPage';
import type { InvoiceFilters } from '../../features/invoices/use-invoices';

/** The filters live in the address, so a filtered list can be reloaded and shared (a notification links to ?search=INV-...). */
function invoicesSearch(search: RawSearch): { search?: string; status?: (typeof INVOICE_ADDRESS.statuses)[number]; brokerId?: string } {
  return {
    search: optionalText(search.search, INVOICE_ADDRESS.searchMax),
    status: optionalOneOf(search.status, INVOICE_ADDRESS.statuses),
    brokerId: optionalUuid(search.brokerId),
  };
}

export const Route = createFileRoute('/_authed/invoices')({
  validateSearch: invoicesSearch,
  component: InvoicesRoute,
});

function InvoicesRoute() {
  const { session } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const filters: InvoiceFilters = { search: search.search ?? '', status: search.status ?? 'all', brokerId: search.brokerId ?? '' };
  const onFiltersChange = useCallback(
    (next: InvoiceFilters) =>
      void navigate({
        search: {
          search: next.search || undefined,
          status: next.status === 'all' ? undefined : next.status,
          brokerId: next.brokerId || undefined,
        },
        replace: true,
      }),
    [navigate],
  );
  return <InvoicesPage session={session} filters={filters} onFiltersChange={onFiltersChange} />;
}
