import type { LoadStatus } from '#shared/constants.js';
import { statusLabel } from '../../components/StatusBadge';
import { notify } from '../../components/toaster';
import { reportFailure } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

/**
 * Working from the list (issue 26, item 2): each action says what it did in a toast, a failure in
 * one toast (the server's message), and re-reads what it changed: the list (every page), the load's
 * detail and history, and the drivers' choices (a driver's current load moves with it).
 */
function useAfterChange() {
  const utils = trpc.useUtils();
  return (loadIds: string[]) => {
    void utils.loads.list.invalidate();
    for (const id of loadIds) {
      void utils.loads.get.invalidate({ id });
      void utils.loads.history.invalidate({ id });
    }
    void utils.loads.driverChoices.invalidate();
  };
}

/** The row's status select. */
export function useChangeStatus() {
  const afterChange = useAfterChange();
  return trpc.loads.changeStatus.useMutation({
    onSuccess: (updated) => {
      afterChange([updated.id]);
      notify.success('Status Updated', `${updated.loadNumber} is now ${statusLabel(updated.status)}`);
    },
    onError: (error) => reportFailure('Failed to update status', error),
  });
}

/** The driver picker: assign, change or take off a load's driver (a pending load given one becomes assigned). */
export function useAssignDriver(onAssigned: () => void) {
  const afterChange = useAfterChange();
  return trpc.loads.assign.useMutation({
    onSuccess: (_updated, input) => {
      afterChange([input.id]);
      onAssigned();
    },
    onError: (error) => reportFailure('Failed to assign driver', error),
  });
}

/** Duplicate: the new load's detail, to open it. Field errors stay with the dialog's form. */
export function useDuplicateLoad() {
  const afterChange = useAfterChange();
  return trpc.loads.duplicate.useMutation({
    onSuccess: (created) => {
      afterChange([]);
      notify.success('Load duplicated', `New load ${created.loadNumber}`);
    },
  });
}

/**
 * The dispatchers a load can have (the company's admins and dispatchers, by name), from the load
 * form's pick lists: fetched when first needed (the bulk bar shows), kept a minute.
 */
export function useDispatcherChoices() {
  return trpc.loads.formOptions.useQuery(undefined, { staleTime: 60_000, select: (options) => options.dispatchers });
}

/** The selection's dispatcher, in one call; the toast counts the loads that changed. */
export function useBulkAssignDispatcher(onDone: () => void) {
  const afterChange = useAfterChange();
  return trpc.loads.bulkAssignDispatcher.useMutation({
    onSuccess: ({ changed }, input) => {
      afterChange(input.ids);
      const unchanged = input.ids.length - changed.length;
      notify.success(
        'Dispatcher Assigned',
        `${changed.length} ${changed.length === 1 ? 'load' : 'loads'} updated${unchanged > 0 ? ` (${unchanged} unchanged)` : ''}`,
      );
      onDone();
    },
    onError: (error) => reportFailure('Failed to assign dispatcher', error),
  });
}

/** The selection's status, in one call; the toast counts the loads that changed. */
export function useBulkStatus(onDone: () => void) {
  const afterChange = useAfterChange();
  return trpc.loads.bulkStatus.useMutation({
    onSuccess: ({ changed }, input) => {
      afterChange(input.ids);
      const status = statusLabel(input.status as LoadStatus);
      const unchanged = input.ids.length - changed.length;
      notify.success(
        'Status Updated',
        `${changed.length} ${changed.length === 1 ? 'load is' : 'loads are'} now ${status}${unchanged > 0 ? ` (${unchanged} unchanged)` : ''}`,
      );
      onDone();
    },
    onError: (error) => reportFailure('Failed to update status', error),
  });
}
