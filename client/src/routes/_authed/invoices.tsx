import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { INVOICE_LIMITS, INVOICE_STATUS_FILTERS } from '#shared/schemas/invoices.js';
import { InvoicesPage } from '../../features/invoices/InvoicesPage';
import type { InvoiceFilters } from '../../features/invoices/use-invoices';

/** The filters live in the address, so a filtered list can be reloaded and shared (a notification links to ?search=INV-...). */
const invoicesSearch = z.object({
  search: z.string().max(INVOICE_LIMITS.search).optional().catch(undefined),
  status: z.enum(INVOICE_STATUS_FILTERS).optional().catch(undefined),
  brokerId: z.uuid().optional().catch(undefined),
});

export const Route = createFileRoute('/_authed/invoices')({
  validateSearch: (search) => invoicesSearch.parse(search),
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
