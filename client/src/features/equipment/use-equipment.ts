import { useEffect } from 'react';
import { can } from '#shared/permissions.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import type { EquipmentSort, EquipmentStatus } from '#shared/schemas/equipment.js';
import { notify } from '../../components/toaster';
import { trpc } from '../../lib/trpc';
import { usePagedList } from '../../lib/use-paged-list';
import type { RecordPermissions } from '../../components/records/RecordListPage';

/** The Trucks and Trailers screens' filters, kept in the address (routes/_authed/trucks.tsx, trailers.tsx). */
export interface EquipmentFilters {
  search: string;
  status: EquipmentStatus | 'all';
  /** 'newest', or the unit number A to Z ('unit') or Z to A ('unitDesc'). */
  sort: EquipmentSort | 'unitDesc';
}

export const NO_EQUIPMENT_FILTERS: EquipmentFilters = { search: '', status: 'all', sort: 'newest' };

/** The list's input for the filters. */
export function listInput(filters: EquipmentFilters) {
  return {
    search: filters.search || undefined,
    status: filters.status === 'all' ? undefined : filters.status,
    sort: filters.sort === 'unitDesc' ? ('unit' as const) : filters.sort,
    sortDirection: filters.sort === 'unitDesc' ? ('desc' as const) : undefined,
  };
}

/** What this user may do with trucks or trailers (docs/permissions.md); the server decides, this only hides what it would refuse. */
export function equipmentPermissions(domain: 'trucks' | 'trailers') {
  return (session: SessionOutput): RecordPermissions<{ companyId: string }> => {
    const own = (row: { companyId: string }) => row.companyId === session.company.id;
    return {
      canAdd: can(session, domain, 'write'),
      canEdit: (row) => can(session, domain, 'write') && own(row),
      canDelete: (row) => can(session, domain, 'delete') && own(row),
    };
  };
}

/** The trucks list for the filters, a page at a time; re-read whenever a truck or an assignment changes (LIVE_RULES). */
export function useTruckList(filters: EquipmentFilters) {
  const { rows, query } = usePagedList(trpc.trucks.list, listInput(filters));
  useEffect(() => {
    if (query.error) notify.error('Error', 'Failed to fetch data');
  }, [query.error]);
  return { query, trucks: rows };
}

export function useTrailerList(filters: EquipmentFilters) {
  const { rows, query } = usePagedList(trpc.trailers.list, listInput(filters));
  useEffect(() => {
    if (query.error) notify.error('Error', 'Failed to fetch data');
  }, [query.error]);
  return { query, trailers: rows };
}
