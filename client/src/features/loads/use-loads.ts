import { useMemo } from 'react';
import { can } from '#shared/permissions.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { trpc } from '../../lib/trpc';
import { usePagedList } from '../../lib/use-paged-list';
import { listInput, localToday, type LoadFilters } from './board-filters';

export type { LoadFilters } from './board-filters';

/** What this user may do with loads (docs/permissions.md); the server decides, this only hides what would be refused. */
export function loadPermissions(session: SessionOutput) {
  const canWrite = can(session, 'loads', 'write');
  return {
    canCreate: canWrite,
    /** Loads are written only in one's own company, a master admin's too. */
    canChange: (load: { companyId: string }) => canWrite && load.companyId === session.company.id,
  };
}

/**
 * The board's list: the filters and sort of the address, with the viewer's today (late, at risk,
 * each row's flag), a page at a time; re-read whenever a visible load changes anywhere.
 */
export function useLoadList(filters: LoadFilters) {
  const today = localToday();
  const input = useMemo(() => listInput(filters, today), [filters, today]);
  const { rows: loads, query } = usePagedList(trpc.loads.list, input);
  return { query, loads };
}
