import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { ANALYTICS_ADDRESS, optionalOneOf, optionalIsoDate, type RawSearch } from '../../lib/search-params';
import { AnalyticsPage, type AnalyticsRange } from '../../features/analytics/AnalyticsPage';

/** The range lives in the address; anything odd falls back to this month. */
function analyticsSearch(search: RawSearch): { range?: (typeof ANALYTICS_ADDRESS.ranges)[number]; from?: string; to?: string } {
  return {
    range: optionalOneOf(search.range, ANALYTICS_ADDRESS.ranges),
    from: optionalIsoDate(search.from),
    to: optionalIsoDate(search.to),
  };
}

export const Route = createFileRoute('/_authed/analytics')({
  validateSearch: analyticsSearch,
  component: AnalyticsRoute,
});

function AnalyticsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const range: AnalyticsRange = { range: search.range ?? 'this_month', from: search.from, to: search.to };
  const onRangeChange = useCallback(
    (next: AnalyticsRange) =>
      void navigate({
        search: {
          range: next.range === 'this_month' ? undefined : next.range,
          from: next.range === 'custom' ? next.from : undefined,
          to: next.range === 'custom' ? next.to : undefined,
        },
        replace: true,
      }),
    [navigate],
  );
  return <AnalyticsPage range={range} onRangeChange={onRangeChange} />;
}
