import { useCallback, useSyncExternalStore } from 'react';
import { addressToFilters, filtersToAddress, type LoadFilters } from './board-filters';

/**
 * A person's own views of the board (issue 26, item 1: "anyone can save their own view"): a name
 * and the filters and sort, kept in this browser's localStorage per user, beside the built-ins.
 * What is stored is the address's shape and is read back through the address's own checks, so a
 * stored view can never hold what a link could not.
 */
export interface SavedView {
  id: string;
  name: string;
  filters: LoadFilters;
}

export const VIEW_NAME_MAX = 60;
const MAX_VIEWS = 50;

export const savedViewsKey = (userId: string) => `haulwise:load-views:${userId}`;

/** The stored views, oldest first; anything unreadable is left out. */
export function readSavedViews(storage: Pick<Storage, 'getItem'>, userId: string): SavedView[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(savedViewsKey(userId)) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((entry: unknown): SavedView[] => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { id, name, address } = entry as { id?: unknown; name?: unknown; address?: unknown };
    if (typeof id !== 'string' || typeof name !== 'string' || name.trim() === '' || typeof address !== 'object' || address === null)
      return [];
    return [{ id, name: name.slice(0, VIEW_NAME_MAX), filters: addressToFilters(address as Record<string, unknown>) }];
  });
}

function writeSavedViews(storage: Pick<Storage, 'setItem'>, userId: string, views: SavedView[]) {
  // A view is filters and sort: the search box's text is not part of it.
  const stored = views.map(({ id, name, filters }) => ({ id, name, address: filtersToAddress({ ...filters, search: '' }) }));
  storage.setItem(savedViewsKey(userId), JSON.stringify(stored));
}

/** Saves the filters under a name; a view of the same name (any case) is replaced. */
export function saveView(storage: Pick<Storage, 'getItem' | 'setItem'>, userId: string, name: string, filters: LoadFilters): SavedView {
  const trimmed = name.trim().slice(0, VIEW_NAME_MAX);
  const view: SavedView = { id: `view-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`, name: trimmed, filters };
  const others = readSavedViews(storage, userId).filter((existing) => existing.name.toLowerCase() !== trimmed.toLowerCase());
  writeSavedViews(storage, userId, [...others, view].slice(-MAX_VIEWS));
  return view;
}

export function deleteView(storage: Pick<Storage, 'getItem' | 'setItem'>, userId: string, viewId: string): void {
  writeSavedViews(
    storage,
    userId,
    readSavedViews(storage, userId).filter((view) => view.id !== viewId),
  );
}

// One tab's listeners: a view saved or deleted here re-renders the picker; another tab's change arrives as a storage event.
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());
function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** This user's saved views, and saving and deleting them. */
export function useSavedViews(userId: string) {
  const key = savedViewsKey(userId);
  const raw = useSyncExternalStore(
    subscribe,
    () => safeStorage()?.getItem(key) ?? '[]',
    () => '[]',
  );
  const views = parseRaw(raw, userId);
  const save = useCallback(
    (name: string, filters: LoadFilters) => {
      const storage = safeStorage();
      if (!storage) return null;
      const view = saveView(storage, userId, name, filters);
      changed();
      return view;
    },
    [userId],
  );
  const remove = useCallback(
    (viewId: string) => {
      const storage = safeStorage();
      if (!storage) return;
      deleteView(storage, userId, viewId);
      changed();
    },
    [userId],
  );
  return { views, save, remove };
}

let lastParsed: { raw: string; userId: string; views: SavedView[] } | null = null;
function parseRaw(raw: string, userId: string): SavedView[] {
  if (lastParsed?.raw !== raw || lastParsed.userId !== userId) {
    lastParsed = { raw, userId, views: readSavedViews({ getItem: () => raw }, userId) };
  }
  return lastParsed.views;
}

/** localStorage, or null where the browser refuses it (a private mode). */
export function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
