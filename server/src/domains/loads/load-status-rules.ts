import type { LoadStatus } from '#shared/constants.js';

/**
 * Assigning a driver to a pending load makes it "Assigned" (issue 26, item 2): on create with a
 * driver, and on an edit that sets a driver (none before, or another one) on a pending load. The
 * status and the driver change in the same write, so the audit trail (and the load's history)
 * holds both. Any other status stays as it is: the status selector moves a load anywhere.
 *
 * `driverId`: undefined when the write leaves the driver as it is, null when it takes it off.
 */
export function statusOnAssigning(
  current: { status: LoadStatus; driverId: string | null },
  driverId: string | null | undefined,
): LoadStatus {
  const setsDriver = driverId !== undefined && driverId !== null && driverId !== current.driverId;
  return current.status === 'pending' && setsDriver ? 'assigned' : current.status;
}
