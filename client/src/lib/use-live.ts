import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { trpc } from './trpc';

type LiveTable = 'loads' | 'wipAssignments' | 'drivers';

/**
 * Calls onChange (debounced to one call per burst) when a row the user may see changes in
 * one of the tables, so screens re-read through their ordinary queries. On `resync` (the server
 * may have missed changes) every query is invalidated, not only this screen's.
 */
export function useLiveChanges(tables: LiveTable[], onChange: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(onChange);
  latest.current = onChange;
  const queryClient = useQueryClient();
  trpc.realtime.changes.useSubscription(
    { tables },
    {
      onData: (notice) => {
        if ('type' in notice && notice.type === 'resync') void queryClient.invalidateQueries();
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => latest.current(), 150);
      },
    },
  );
}
