import { SimpleGrid } from '@chakra-ui/react';
import { Building2, CircleCheck, DollarSign, Package, Users } from 'lucide-react';
import type { AdminStats } from '#shared/schemas/admin.js';
import { REVENUE_NOTES } from '#shared/schemas/analytics.js';
import { formatMoney, formatNumber } from '../../lib/format';
import { StatCard } from '../dashboard/StatCard';

type Counter = 'totalCompanies' | 'totalRevenue' | 'activeCompanies' | 'totalLoads' | 'totalUsers';

const counters = {
  totalCompanies: { label: 'Total Companies', icon: Building2, format: formatNumber },
  totalRevenue: { label: 'Total Revenue', icon: DollarSign, format: formatMoney, hint: REVENUE_NOTES.load_rates },
  activeCompanies: { label: 'Active Companies', icon: CircleCheck, format: formatNumber },
  totalLoads: { label: 'Total Loads', icon: Package, format: formatNumber },
  totalUsers: { label: 'Total Users', icon: Users, format: formatNumber },
} as const;

/** The platform's counters, in the order the screen names them; four across only where revenue in the millions still fits. */
export function PlatformStats({ show, stats, isLoading }: { show: Counter[]; stats: AdminStats | undefined; isLoading: boolean }) {
  return (
    <SimpleGrid as="section" aria-label="Platform counters" columns={{ base: 1, sm: 2, '2xl': 4 }} gap="4">
      {show.map((key) => {
        const counter = counters[key];
        return (
          <StatCard
            key={key}
            label={counter.label}
            value={stats ? counter.format(stats[key]) : null}
            icon={counter.icon}
            hint={'hint' in counter ? counter.hint : undefined}
            isLoading={isLoading}
          />
        );
      })}
    </SimpleGrid>
  );
}
