import { can } from '#shared/permissions.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import type { LoadStatusFilter } from '#shared/schemas/loads.js';
import { trpc } from '../../lib/trpc';
import { usePagedList } from '../../lib/use-paged-list';

export interface LoadFilters {
  search: string;
  status: LoadStatusFilter;
}

/** What this user may do with loads (docs/permissions.md); the server decides, this only hides what would be refused. */
export function loadPermissions(session: SessionOutput) {
  const canWrite = can(session, 'loads', 'write');
  return {
    canCreate: canWrite,
    /** Loads are written only in one's own company, a master admin's too. */
    canChange: (load: { companyId: string }) => canWrite && load.companyId === session.company.id,
  };
}

/** The loads list, newest first, a page at a time; re-read whenever a visible load changes anywhere. */
export function useLoadList(filters: LoadFilters) {
  const { rows: loads, query } = usePagedList(trpc.loads.list, filters);
  return { query, loads };
}
