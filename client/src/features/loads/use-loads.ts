import { useEffect, useState } from 'react';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { LOAD_PAGE_SIZE, type LoadStatusFilter } from '#shared/schemas/loads.js';
import { useLiveChanges } from '../../lib/use-live';
import { trpc } from '../../lib/trpc';

export interface LoadFilters {
  search: string;
  status: LoadStatusFilter;
}

/** What this user may do with loads (docs/permissions.md); the server decides, this only hides what would be refused. */
export function loadPermissions(session: SessionOutput) {
  const canWrite = session.isMasterAdmin || session.role === 'admin' || session.role === 'dispatcher' || session.role === 'sales';
  return {
    canCreate: canWrite,
    /** Loads are written only in one's own company, a master admin's too. */
    canChange: (load: { companyId: string }) => canWrite && load.companyId === session.company.id,
  };
}

/** The loads list, newest first, a page at a time; re-read whenever a visible load changes anywhere. */
export function useLoadList(filters: LoadFilters) {
  const utils = trpc.useUtils();
  const query = trpc.loads.list.useInfiniteQuery(
    { search: filters.search, status: filters.status, limit: LOAD_PAGE_SIZE.default },
    { getNextPageParam: (page) => page.nextCursor, placeholderData: (previous) => previous },
  );
  useLiveChanges(['loads'], () => {
    void utils.loads.list.invalidate();
    void utils.loads.get.invalidate();
  });
  const loads = query.data?.pages.flatMap((page) => page.items) ?? [];
  return { query, loads };
}

/** The value, once it has stopped changing for `delay` ms. */
export function useDebounced<T>(value: T, delay = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
