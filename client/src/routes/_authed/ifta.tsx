import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { optionalOneOf, type RawSearch } from '../../lib/search-params';
import { IftaPage, type IftaAddress } from '../../features/ifta/IftaPage';

/** The tabs (a copy of IFTA_TABS in IftaPage.tsx, so this route file brings no feature code into the entry). */
const TABS = ['report', 'fuel', 'rates'] as const;
const QUARTER = /^\d{4}-Q[1-4]$/;

/** The tab and the quarter live in the address, so a report can be reloaded and shared. */
function iftaSearch(search: RawSearch): { tab?: (typeof TABS)[number]; quarter?: string } {
  const quarter = typeof search.quarter === 'string' && QUARTER.test(search.quarter) ? search.quarter : undefined;
  return { tab: optionalOneOf(search.tab, TABS), quarter };
}

export const Route = createFileRoute('/_authed/ifta')({
  validateSearch: iftaSearch,
  component: IftaRoute,
});

function IftaRoute() {
  const { session } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onAddressChange = useCallback(
    (next: IftaAddress) =>
      void navigate({ search: { tab: next.tab === 'report' ? undefined : next.tab, quarter: next.quarter }, replace: true }),
    [navigate],
  );
  return (
    <IftaPage session={session} address={{ tab: search.tab ?? 'report', quarter: search.quarter }} onAddressChange={onAddressChange} />
  );
}
