import { useEffect } from 'react';
import { can } from '#shared/permissions.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { notify } from '../../components/toaster';
import { trpc } from '../../lib/trpc';
import { usePagedList } from '../../lib/use-paged-list';

/** What this user may do with carriers (docs/permissions.md); the server decides, this only hides what it would refuse. */
export function carrierPermissions(session: SessionOutput) {
  const canWrite = can(session, 'carriers', 'write');
  return {
    canAdd: canWrite,
    /** Carriers are written only in one's own company, a master admin's too; sales only ever see their own. */
    canChange: (carrier: { companyId: string }) => canWrite && carrier.companyId === session.company.id,
  };
}

/** The carriers list, newest first, a page at a time. */
export function useCarrierList() {
  const { rows, query } = usePagedList(trpc.carriers.list, {});
  useEffect(() => {
    if (query.error) notify.error('Error', 'Failed to fetch data');
  }, [query.error]);
  return { query, carriers: rows };
}
