import { trpc } from '../../lib/trpc';
import { usePagedList } from '../../lib/use-paged-list';

/** The WIP assignment requests the user may see, newest requested first, a page at a time. */
export function useWipList(enabled: boolean) {
  return usePagedList(trpc.wip.list, {}, { enabled });
}
