import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ANALYTICS_RANGES } from '#shared/schemas/analytics.js';
import { AnalyticsPage, type AnalyticsRange } from '../../features/analytics/AnalyticsPage';

/** The range lives in the address; anything odd falls back to this month. */
const analyticsSearch = z.object({
  range: z.enum(ANALYTICS_RANGES).optional().catch(undefined),
  from: z.iso.date().optional().catch(undefined),
  to: z.iso.date().optional().catch(undefined),
});

export const Route = createFileRoute('/_authed/analytics')({
  validateSearch: (search) => analyticsSearch.parse(search),
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
