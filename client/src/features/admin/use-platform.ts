import { trpc } from '../../lib/trpc';

/** The master admin's counters and companies, and a way to re-read both after a change. */
export function usePlatform() {
  const stats = trpc.admin.stats.useQuery();
  const companies = trpc.admin.companies.useQuery();
  const utils = trpc.useUtils();
  const refresh = () => Promise.all([utils.admin.stats.invalidate(), utils.admin.companies.invalidate()]);
  return { stats, companies, refresh };
}
