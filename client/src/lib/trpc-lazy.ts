import type * as DataLayer from './trpc-providers';

/**
 * The tRPC client, TanStack Query and the providers around them (lib/trpc.ts, trpc-providers.tsx),
 * loaded on demand: the public pages that read nothing (/, /about) never load them; every other
 * screen has them before it renders (the root route awaits `loadTrpc()`). A module that imports
 * lib/trpc.ts directly gets the very same instance (the same chunk).
 */
export type DataLayerModule = typeof DataLayer;

/** The pages that read and write nothing: they open without the data layer. */
export const DATA_FREE_PATHS = ['/', '/about'];

export function needsData(pathname: string): boolean {
  return !DATA_FREE_PATHS.includes(pathname);
}

let loaded: DataLayerModule | null = null;
let loading: Promise<DataLayerModule> | null = null;
const listeners = new Set<() => void>();
const onLoad: ((module: DataLayerModule) => void)[] = [];

export function loadTrpc(): Promise<DataLayerModule> {
  loading ??= import('./trpc-providers').then((module) => {
    loaded = module;
    onLoad.forEach((callback) => callback(module));
    listeners.forEach((listener) => listener());
    return module;
  });
  return loading;
}

/** The data layer once loaded, else null (for useSyncExternalStore). */
export function loadedTrpc(): DataLayerModule | null {
  return loaded;
}

export function subscribeTrpc(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs once the data layer is in (at once if it is already). */
export function whenTrpcLoads(callback: (module: DataLayerModule) => void): void {
  if (loaded) callback(loaded);
  else onLoad.push(callback);
}
