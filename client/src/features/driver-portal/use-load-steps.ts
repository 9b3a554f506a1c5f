import { useCallback, useEffect, useRef, useState } from 'react';
import {
  DRIVER_LOAD_STEPS,
  DRIVER_STEP_BACK,
  DRIVER_STEP_FROM,
  DRIVER_STEP_UNDO_SECONDS,
  PORTAL_TEXTS,
  type DriverLoadStep,
  type DriverPortalLoad,
} from '#shared/schemas/portal.js';
import { notify } from '../../components/toaster';
import { reportFailure } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

export const STEP_LABELS: Record<DriverLoadStep, string> = {
  picked: 'Mark Picked Up',
  in_transit: 'Mark In Transit',
  delivered: 'Mark Delivered',
};

/** What a status reads as once a driver has set it ("Picked Up", not "Picked"). */
export const STEP_DONE: Record<DriverLoadStep, string> = { picked: 'Picked Up', in_transit: 'In Transit', delivered: 'Delivered' };

/** A status as the driver's steps name it. */
export const statusName = (status: string): string =>
  ({ pending: 'Pending', assigned: 'Assigned', ...STEP_DONE, cancelled: 'Cancelled' })[status] ?? status;

/** The next step a driver may set on this load, if any. */
export const nextStep = (status: string): DriverLoadStep | undefined =>
  DRIVER_LOAD_STEPS.find((step) => DRIVER_STEP_FROM[step].includes(status));

/** Where a step was asked for: the page's cards or the load's detail (the focus goes back there). */
export type StepOrigin = 'page' | 'detail';

export interface PendingStep {
  load: Pick<DriverPortalLoad, 'id' | 'loadNumber' | 'status'>;
  step: DriverLoadStep;
  origin: StepOrigin;
}

export interface UndoableStep {
  loadId: string;
  loadNumber: string;
  step: DriverLoadStep;
  /** When the Undo offer ends (this tab's clock, counted from when the step was sent: before the server's minute ends). */
  until: number;
}

/**
 * The driver's load steps: each asks first (`ask`, then `confirm` or `cancel`), and once done can
 * be taken back for DRIVER_STEP_UNDO_SECONDS (`undo`, portal.undoLoadStatus: the server decides).
 * `secondsLeft` counts the offer down; it ends by itself.
 */
export function useLoadSteps() {
  const utils = trpc.useUtils();
  const [pending, setPending] = useState<PendingStep | null>(null);
  const [undoable, setUndoable] = useState<UndoableStep | null>(null);
  const [now, setNow] = useState(() => Date.now());
  // Where the last step was asked, and whether it was done: the confirmation's focus goes to its Undo then.
  const done = useRef<StepOrigin | null>(null);

  const setStatus = trpc.portal.setLoadStatus.useMutation({
    onError: (error) => reportFailure(PORTAL_TEXTS.statusFailed, error),
    onSettled: () => utils.portal.driver.invalidate(),
  });
  const undoStatus = trpc.portal.undoLoadStatus.useMutation({
    onError: (error) => reportFailure(PORTAL_TEXTS.undoFailed, error),
    onSettled: () => {
      setUndoable(null);
      return utils.portal.driver.invalidate();
    },
  });

  useEffect(() => {
    if (!undoable) return;
    setNow(Date.now());
    const timer = window.setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= undoable.until) setUndoable((current) => (current === undoable ? null : current));
    }, 1000);
    return () => window.clearInterval(timer);
  }, [undoable]);

  const ask = useCallback((step: PendingStep) => {
    done.current = null;
    setPending(step);
  }, []);
  /** Where the focus goes once the confirmation closes: the new Undo's place after a step, else back to the trigger (null). */
  const doneAt = useCallback(() => done.current, []);
  const cancel = useCallback(() => setPending(null), []);

  const confirm = useCallback(() => {
    if (!pending) return;
    const { load, step, origin } = pending;
    const sentAt = Date.now();
    setStatus.mutate(
      { loadId: load.id, status: step },
      {
        onSuccess: () => {
          done.current = origin;
          setUndoable({ loadId: load.id, loadNumber: load.loadNumber, step, until: sentAt + DRIVER_STEP_UNDO_SECONDS * 1000 });
          setPending(null);
          notify.success(PORTAL_TEXTS.statusUpdated, `${load.loadNumber} is ${STEP_DONE[step]}`);
        },
      },
    );
  }, [pending, setStatus]);

  const undo = useCallback(() => {
    if (!undoable) return;
    const { loadId, loadNumber, step } = undoable;
    undoStatus.mutate(
      { loadId, status: step },
      { onSuccess: () => notify.success(PORTAL_TEXTS.statusUpdated, `${loadNumber} is back to ${statusName(DRIVER_STEP_BACK[step])}`) },
    );
  }, [undoable, undoStatus]);

  const secondsLeft = undoable ? Math.min(DRIVER_STEP_UNDO_SECONDS, Math.max(0, Math.ceil((undoable.until - now) / 1000))) : 0;
  return {
    pending,
    ask,
    cancel,
    doneAt,
    confirm,
    isSaving: setStatus.isPending,
    undoable: undoable && secondsLeft > 0 ? undoable : null,
    secondsLeft,
    undo,
    isUndoing: undoStatus.isPending,
  };
}

export type LoadSteps = ReturnType<typeof useLoadSteps>;
