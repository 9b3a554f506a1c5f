import { keepPreviousData, type InfiniteData, type UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Page } from '#shared/schemas/pagination.js';

/** A list procedure of the one pagination contract (shared/src/schemas/pagination.ts), as tRPC's React hooks decorate it. */
interface PagedProcedure<Filters, Item> {
  useInfiniteQuery: (
    input: Filters,
    options: {
      getNextPageParam: (page: Page<Item>) => string | null;
      placeholderData: typeof keepPreviousData;
    },
  ) => UseInfiniteQueryResult<InfiniteData<Page<Item>>, unknown>;
}

/**
 * The one hook for "a paged list with filters in the URL": the screen's route validates its search
 * params (the filters) and hands them here; the list reads page after page ("Load more") of the
 * procedure's `{ items, nextCursor }`. Changing a filter keeps the current rows on screen until the
 * new ones arrive. Errors are shown by the screen (QueryState), once. Live changes re-read the
 * list through the one live channel (lib/use-live.ts), not here.
 *
 *   const { rows, query } = usePagedList(trpc.loads.list, { search, status });
 */
export function usePagedList<Filters, Item>(procedure: PagedProcedure<Filters, Item>, filters: Filters) {
  const query = procedure.useInfiniteQuery(filters, { getNextPageParam: (page) => page.nextCursor, placeholderData: keepPreviousData });
  const rows = query.data?.pages.flatMap((page) => page.items) ?? [];
  return { rows, query };
}
