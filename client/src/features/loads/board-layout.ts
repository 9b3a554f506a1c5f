import { useCallback, useState } from 'react';
import { safeStorage } from './saved-views';

/** The board as a table or as cards: the table by default from the md breakpoint (48rem), cards on a phone; a choice is remembered. */
export type BoardLayout = 'table' | 'cards';

const LAYOUT_KEY = 'haulwise:loads-layout';

export function initialLayout(stored: string | null, isWide: boolean): BoardLayout {
  if (stored === 'table' || stored === 'cards') return stored;
  return isWide ? 'table' : 'cards';
}

const isWideScreen = () => typeof window !== 'undefined' && window.matchMedia('(min-width: 48rem)').matches;

export function useBoardLayout(): [BoardLayout, (layout: BoardLayout) => void] {
  const [layout, setShown] = useState<BoardLayout>(() => initialLayout(safeStorage()?.getItem(LAYOUT_KEY) ?? null, isWideScreen()));
  const setLayout = useCallback((next: BoardLayout) => {
    setShown(next);
    try {
      safeStorage()?.setItem(LAYOUT_KEY, next);
    } catch {
      // A full or refused storage: the choice holds for this visit only.
    }
  }, []);
  return [layout, setLayout];
}

const FILTERS_OPEN_KEY = 'haulwise:loads-filters-open';

/**
 * Whether the filter panel is open: closed at first (more rows on screen; the Filters button counts
 * what is set), then as the person last left it, in this browser.
 */
export function useFilterPanelOpen(): [boolean, () => void] {
  const [isOpen, setOpen] = useState(() => safeStorage()?.getItem(FILTERS_OPEN_KEY) === 'true');
  const toggle = useCallback(() => {
    setOpen((open) => {
      try {
        safeStorage()?.setItem(FILTERS_OPEN_KEY, String(!open));
      } catch {
        // A full or refused storage: the choice holds for this visit only.
      }
      return !open;
    });
  }, []);
  return [isOpen, toggle];
}
