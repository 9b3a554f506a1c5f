import { Box, Card, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { Chart, useChart } from '@chakra-ui/charts';
import { Bar, BarChart, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsReport } from '#shared/schemas/analytics.js';
import { statusLabel } from '../../components/StatusBadge';
import { formatDate, formatMoney } from '../../lib/format';

/**
 * The charts of the analytics page: revenue per week (line) and loads by status (bar). Loaded
 * lazily (React.lazy), so recharts is fetched only when someone opens analytics. Each chart
 * carries a text summary for screen readers.
 */
export default function AnalyticsCharts({ report }: { report: AnalyticsReport }) {
  const weekly = useChart({
    data: report.weekly.map((week) => ({ week: formatDate(week.week), revenue: Number(week.revenue) })),
    series: [{ name: 'revenue', color: 'blue.600', label: 'Revenue' }],
  });
  const statuses = useChart({
    data: report.byStatus.map((row) => ({ status: statusLabel(row.status), loads: row.loads })),
    series: [{ name: 'loads', color: 'teal.600', label: 'Loads' }],
  });
  const weeklySummary = report.weekly.map((week) => `week of ${formatDate(week.week)}: ${formatMoney(week.revenue)}`).join('; ');
  const statusSummary = report.byStatus.map((row) => `${statusLabel(row.status)}: ${row.loads}`).join('; ');
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
      <Card.Root variant="outline" bg="white" as="section" aria-labelledby="weekly-revenue-heading">
        <Card.Header pb="2">
          <Heading as="h2" size="md" id="weekly-revenue-heading">
            Revenue per Week
          </Heading>
        </Card.Header>
        <Card.Body pt="2">
          {report.weekly.length === 0 ? (
            <Text color="gray.700">No loads in this period</Text>
          ) : (
            <Box role="img" aria-label={`Revenue per week: ${weeklySummary}`}>
              <Chart.Root maxH="xs" chart={weekly}>
                <LineChart responsive data={weekly.data}>
                  <CartesianGrid stroke={weekly.color('border')} vertical={false} />
                  <XAxis dataKey={weekly.key('week')} tickLine={false} axisLine={false} />
                  <YAxis tickLine={false} axisLine={false} tickFormatter={(value: number) => formatMoney(value)} width={90} />
                  <Tooltip animationDuration={100} content={<Chart.Tooltip />} />
                  {weekly.series.map((item) => (
                    <Line
                      key={item.name}
                      isAnimationActive={false}
                      dataKey={weekly.key(item.name)}
                      stroke={weekly.color(item.color)}
                      strokeWidth={2}
                    />
                  ))}
                </LineChart>
              </Chart.Root>
            </Box>
          )}
        </Card.Body>
      </Card.Root>
      <Card.Root variant="outline" bg="white" as="section" aria-labelledby="loads-by-status-heading">
        <Card.Header pb="2">
          <Heading as="h2" size="md" id="loads-by-status-heading">
            Loads by Status
          </Heading>
        </Card.Header>
        <Card.Body pt="2">
          {report.byStatus.length === 0 ? (
            <Text color="gray.700">No loads in this period</Text>
          ) : (
            <Box role="img" aria-label={`Loads by status: ${statusSummary}`}>
              <Chart.Root maxH="xs" chart={statuses}>
                <BarChart responsive data={statuses.data}>
                  <CartesianGrid stroke={statuses.color('border')} vertical={false} />
                  <XAxis dataKey={statuses.key('status')} tickLine={false} axisLine={false} />
                  <YAxis allowDecimals={false} tickLine={false} axisLine={false} />
                  <Tooltip animationDuration={100} content={<Chart.Tooltip />} />
                  {statuses.series.map((item) => (
                    <Bar key={item.name} isAnimationActive={false} dataKey={statuses.key(item.name)} fill={statuses.color(item.color)} />
                  ))}
                </BarChart>
              </Chart.Root>
            </Box>
          )}
        </Card.Body>
      </Card.Root>
    </SimpleGrid>
  );
}
