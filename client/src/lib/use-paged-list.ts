import { useCallback, useEffect, useRef, useState } from 'react';
import { keepPreviousData, type InfiniteData, type UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Page } from '#shared/schemas/pagination.js';

/** A list procedure of the one pagination contract (shared/src/schemas/pagination.ts), as tRPC's React hooks decorate it. */
interface PagedProcedure<Filters, Output extends Page<unknown>> {
  useInfiniteQuery: (
    input: Filters,
    options: {
      getNextPageParam: (page: Output) => string | null;
      placeholderData: typeof keepPreviousData;
      enabled: boolean;
    },
  ) => UseInfiniteQueryResult<InfiniteData<Output>, unknown>;
}

/**
 * The one hook for "a paged list with filters in the URL": the screen's route validates its search
 * params (validateSearch, e.g. routes/_authed/audit-logs.tsx) and hands them here, and a filter
 * change navigates to the new address (replace); the list reads page after page ("Load more") of
 * the procedure's `{ items, nextCursor }` (and whatever a page adds, such as the audit's total). Changing a filter keeps the current rows on screen until the
 * new ones arrive. Errors are shown by the screen (QueryState), once. Live changes re-read the
 * list through the one live channel (lib/use-live.ts), not here.
 *
 *   const { rows, query } = usePagedList(trpc.loads.list, { search, status });
 */
export function usePagedList<Filters, Output extends Page<unknown>>(
  procedure: PagedProcedure<Filters, Output>,
  filters: Filters,
  options: { enabled?: boolean } = {},
) {
  const query = procedure.useInfiniteQuery(filters, {
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
  const rows: Output['items'] = query.data?.pages.flatMap((page): Output['items'] => page.items) ?? [];
  return { rows, query };
}

/**
 * Whether the address's search changed elsewhere (back, "Clear filters", a saved view) and so
 * replaces the box's text. The echo of the box's own push is not: on a slow machine the address
 * catches up after more letters were typed, and showing the echo would wipe them.
 */
export function searchChangedElsewhere(search: string, pushed: string | null, text: string): boolean {
  if (pushed !== null && search === pushed) return false;
  return search !== text.trim();
}

/**
 * A search box over a list whose filters live in the address: what is typed reaches the filters
 * (and so the URL and the query) once typing pauses for `delayMs`; a search changed elsewhere
 * (back, "Clear filters") shows in the box and drops a push still waiting. Every pause pushes what
 * was typed when it differs from the address's search, even when an earlier pause pushed the same
 * text: after "Clear filters", typing that text again must search again (a settled value compared
 * with the last settled one would not change, and the list stayed unfiltered).
 */
export function useSearchBox(search: string, onSearch: (search: string) => void, delayMs = 300): [string, (text: string) => void] {
  const [text, setShown] = useState(search);
  const latest = useRef({ search, onSearch, text });
  latest.current = { search, onSearch, text };
  const waiting = useRef<ReturnType<typeof setTimeout> | null>(null);
  // What the last pause pushed, until the address echoes it back.
  const pushed = useRef<string | null>(null);
  const cancel = () => {
    if (waiting.current !== null) clearTimeout(waiting.current);
    waiting.current = null;
  };
  useEffect(() => cancel, []);
  const setText = useCallback(
    (next: string) => {
      setShown(next);
      cancel();
      waiting.current = setTimeout(() => {
        waiting.current = null;
        const settled = next.trim();
        if (settled !== latest.current.search) {
          pushed.current = settled;
          latest.current.onSearch(settled);
        }
      }, delayMs);
    },
    [delayMs],
  );
  useEffect(() => {
    const outside = searchChangedElsewhere(search, pushed.current, latest.current.text);
    pushed.current = null;
    if (outside) {
      cancel();
      setShown(search);
    }
  }, [search]);
  return [text, setText];
}
