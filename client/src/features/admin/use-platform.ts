import { trpc } from '../../lib/trpc';
import { usePagedList } from '../../lib/use-paged-list';

/** The master admin's counters and companies (newest first, page after page), and a way to re-read both after a change. */
export function usePlatform() {
  const stats = trpc.admin.stats.useQuery();
  const companies = usePagedList(trpc.admin.companies, {});
  const utils = trpc.useUtils();
  const refresh = () => Promise.all([utils.admin.stats.invalidate(), utils.admin.companies.invalidate()]);
  return { stats, companies, refresh };
}
