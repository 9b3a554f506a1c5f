import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';

/**
 * The driver and carrier portals open offline with the last data they showed (issue 14: "the
 * portal shell works offline with the last known data"). The answers of a few read procedures
 * (the portals, their documents, the session and the unread counts) are kept in localStorage
 * after each successful read; a tab that starts offline puts them back into the query cache
 * before the router asks for the session, so the portal renders them and React Query refetches
 * once the connection returns. A tab that starts online never uses the snapshot (the server is
 * asked as usual), and signing out or losing the session deletes it (clearOfflineSnapshot, from
 * switchIdentity), so nothing of one account is left for the next one on a shared phone.
 */
const STORAGE_KEY = 'haulwise-offline-snapshot-v1';
const SAVE_DELAY_MS = 500;

/** The procedures whose last answers are kept, as tRPC query key paths. */
const KEPT = new Set([
  'auth.session',
  'portal.driver',
  'portal.carrier',
  'documents.mine',
  'messages.unreadCount',
  'notifications.unreadCount',
]);

interface Snapshot {
  savedAt: number;
  state: DehydratedState;
}

function procedurePath(query: Query): string | null {
  const [path] = query.queryKey as [unknown, ...unknown[]];
  return Array.isArray(path) ? path.join('.') : null;
}

const isKept = (query: Query) => query.state.status === 'success' && KEPT.has(procedurePath(query) ?? '');

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (a private window's policy): the portals then simply need the network
  }
}

function readSnapshot(): Snapshot | null {
  try {
    const raw = storage()?.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Snapshot) : null;
  } catch {
    return null;
  }
}

let restoredAt: number | null = null;

/** When the data on screen came from the snapshot (the tab started offline), else null. */
export function offlineSnapshotTime(): number | null {
  return restoredAt;
}

export function clearOfflineSnapshot(): void {
  restoredAt = null;
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // nothing kept, nothing to clear
  }
}

/** Restores the snapshot when the tab starts offline, and keeps it up to date from then on. */
export function keepOfflineSnapshot(queryClient: QueryClient): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    const snapshot = readSnapshot();
    if (snapshot) {
      hydrate(queryClient, snapshot.state);
      restoredAt = snapshot.savedAt;
    }
  }
  let timer: ReturnType<typeof setTimeout> | null = null;
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !KEPT.has(procedurePath(event.query) ?? '')) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      // Only while someone is signed in: a signed-out tab has no session in the cache.
      if (
        !queryClient
          .getQueryCache()
          .getAll()
          .some((query) => procedurePath(query) === 'auth.session' && query.state.data)
      )
        return;
      try {
        const state = dehydrate(queryClient, { shouldDehydrateQuery: isKept });
        storage()?.setItem(STORAGE_KEY, JSON.stringify({ savedAt: Date.now(), state } satisfies Snapshot));
      } catch {
        // storage full or disabled: the portal still works online
      }
    }, SAVE_DELAY_MS);
  });
}
