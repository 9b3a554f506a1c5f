import { useRef } from 'react';
import { trpc } from './trpc';

type LiveTable = 'loads' | 'wip_assignments' | 'drivers';

/**
 * Calls onChange (debounced to one call per burst) when a row the user may see changes in
 * one of the tables, so screens re-read through their ordinary queries.
 */
export function useLiveChanges(tables: LiveTable[], onChange: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(onChange);
  latest.current = onChange;
  trpc.realtime.changes.useSubscription(
    { tables },
    {
      onData: () => {
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => latest.current(), 150);
      },
    },
  );
}
