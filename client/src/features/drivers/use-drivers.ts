import { useEffect } from 'react';
import { can } from '#shared/permissions.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { notify } from '../../components/toaster';
import { trpc } from '../../lib/trpc';
import { usePagedList } from '../../lib/use-paged-list';

/** What this user may do with drivers (docs/permissions.md); the server decides, this only hides what it would refuse. */
export function driverPermissions(session: SessionOutput) {
  const canWrite = can(session, 'drivers', 'write');
  return {
    canAdd: canWrite,
    /** Drivers are written only in one's own company, a master admin's too; sales only ever see their own. */
    canChange: (driver: { companyId: string }) => canWrite && driver.companyId === session.company.id,
  };
}

/** The drivers list, newest first, a page at a time; re-read whenever a driver the user may see changes. */
export function useDriverList() {
  const { rows, query } = usePagedList(trpc.drivers.list, {});
  useEffect(() => {
    if (query.error) notify.error('Error', 'Failed to fetch data');
  }, [query.error]);
  return { query, drivers: rows };
}
