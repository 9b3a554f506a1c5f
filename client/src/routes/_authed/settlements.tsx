import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { optionalOneOf, optionalUuid, type RawSearch } from '../../lib/search-params';
import { SettlementsPage, type SettlementsAddress } from '../../features/settlements/SettlementsPage';

/** The tabs of the screen; a copy of SETTLEMENT_TABS (use-settlements.ts), so this route file brings no feature code into the entry. */
const TABS = ['periods', 'profiles', 'deductions', 'reports'] as const;

/** The tab, the period chosen and the settlement open live in the address, so a review can be reloaded and shared. */
function settlementsSearch(search: RawSearch): { tab?: (typeof TABS)[number]; period?: string; settlement?: string } {
  return {
    tab: optionalOneOf(search.tab, TABS),
    period: optionalUuid(search.period),
    settlement: optionalUuid(search.settlement),
  };
}

export const Route = createFileRoute('/_authed/settlements')({
  validateSearch: settlementsSearch,
  component: SettlementsRoute,
});

function SettlementsRoute() {
  const { session } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const address: SettlementsAddress = { tab: search.tab ?? 'periods', period: search.period, settlement: search.settlement };
  const onAddressChange = useCallback(
    (next: SettlementsAddress) =>
      void navigate({
        search: { tab: next.tab === 'periods' ? undefined : next.tab, period: next.period, settlement: next.settlement },
        replace: true,
      }),
    [navigate],
  );
  return <SettlementsPage session={session} address={address} onAddressChange={onAddressChange} />;
}
