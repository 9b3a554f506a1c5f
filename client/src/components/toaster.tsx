import { lazy, Suspense, useSyncExternalStore } from 'react';
import type * as RegionModule from './toaster-region';

/**
 * The one toast helper, light: the toasts' store and region (Chakra's toast machine,
 * toaster-region.tsx) load with the first toast, not with the screen. Toasts raised while it loads
 * are shown in the order they were raised.
 */
type ToastType = 'success' | 'error' | 'info';

let region: Promise<typeof RegionModule> | null = null;
let wanted = false;
const listeners = new Set<() => void>();

function loadRegion() {
  if (!region) {
    region = import('./toaster-region');
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  return region;
}

function show(type: ToastType, title: string, description?: string): void {
  void loadRegion().then(({ toasterForNow }) => toasterForNow().create({ title, description, type, closable: true }));
}

/** The spec's toasts are a title and a description, destructive or not. */
export const notify = {
  success: (title: string, description?: string) => show('success', title, description),
  error: (title: string, description?: string) => show('error', title, description),
  info: (title: string, description?: string) => show('info', title, description),
};

const Region = lazy(() => import('./toaster-region').then((module) => ({ default: module.ToasterRegion })));

/** The toasts' region: nothing until the first toast, then Chakra's region (main.tsx mounts this once). */
export function Toaster() {
  const isWanted = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );
  return isWanted ? (
    <Suspense fallback={null}>
      <Region />
    </Suspense>
  ) : null;
}
