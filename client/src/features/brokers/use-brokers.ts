import { useEffect } from 'react';
import { can } from '#shared/permissions.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { notify } from '../../components/toaster';
import { trpc } from '../../lib/trpc';
import { usePagedList } from '../../lib/use-paged-list';

/** What this user may do with brokers (docs/permissions.md); the server decides, this only hides what it would refuse. */
export function brokerPermissions(session: SessionOutput) {
  const canWrite = can(session, 'brokers', 'write');
  const canDelete = can(session, 'brokers', 'delete');
  const isOwnCompany = (broker: { companyId: string }) => broker.companyId === session.company.id;
  return {
    canAdd: canWrite,
    canEdit: (broker: { companyId: string }) => canWrite && isOwnCompany(broker),
    /** Admins only: brokers carry payment history. */
    canDelete: (broker: { companyId: string }) => canDelete && isOwnCompany(broker),
  };
}

/** The brokers list, newest first, a page at a time. */
export function useBrokerList() {
  const { rows, query } = usePagedList(trpc.brokers.list, {});
  useEffect(() => {
    if (query.error) notify.error('Error', 'Failed to fetch data');
  }, [query.error]);
  return { query, brokers: rows };
}
