import { useEffect, useRef } from 'react';

/**
 * The board's keyboard (issue 26, item 1): `/` search, `j`/`k` next and previous row, `Enter`
 * open it, `n` a new load, `?` the list of shortcuts. Never while typing (an input, a select, a
 * text area, an editable element), never with Ctrl, Alt or Meta (the browser's own shortcuts),
 * and never while a dialog is open (its own keys are its own).
 */
export interface BoardKeyHandlers {
  focusSearch: () => void;
  move: (delta: 1 | -1) => void;
  openHighlighted: () => void;
  /** Left out when the user may not create loads. */
  create?: (() => void) | undefined;
  showShortcuts: () => void;
}

export const BOARD_SHORTCUTS: { keys: string; description: string }[] = [
  { keys: '/', description: 'Search loads' },
  { keys: 'j', description: 'Next load' },
  { keys: 'k', description: 'Previous load' },
  { keys: 'Enter', description: 'Open the highlighted load' },
  { keys: 'n', description: 'Create a load' },
  { keys: '?', description: 'Show these shortcuts' },
];

/** Whether a key pressed here is someone typing (or working a control) rather than a shortcut. */
export function isTyping(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  // A row's checkbox holds no text: j and k still move from it.
  if (target instanceof HTMLInputElement) return !NOT_TEXT_INPUTS.has(target.type);
  return ['TEXTAREA', 'SELECT'].includes(target.tagName);
}

function isControl(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  return target.closest('button, a, input, [role="button"], [role="checkbox"]') !== null;
}

const NOT_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset']);

function isDialogOpen(): boolean {
  return [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].some(
    (element) => element.getAttribute('data-state') !== 'closed' && element.getClientRects().length > 0,
  );
}

/** Which action a key asks for, or null (pure, for the unit test). */
export function boardKeyAction(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>,
): 'search' | 'next' | 'previous' | 'open' | 'create' | 'help' | null {
  if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return null;
  switch (event.key) {
    case '/':
      return 'search';
    case 'j':
      return 'next';
    case 'k':
      return 'previous';
    case 'Enter':
      // A focused button or link opens itself on Enter: the shortcut is for a row highlighted without focus.
      return isControl(event.target) ? null : 'open';
    case 'n':
      return 'create';
    case '?':
      return 'help';
    default:
      return null;
  }
}

export function useBoardKeys(handlers: BoardKeyHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = boardKeyAction(event);
      if (action === null || isDialogOpen()) return;
      const current = latest.current;
      if (action === 'create' && !current.create) return;
      event.preventDefault();
      if (action === 'search') current.focusSearch();
      else if (action === 'next') current.move(1);
      else if (action === 'previous') current.move(-1);
      else if (action === 'open') current.openHighlighted();
      else if (action === 'create') current.create?.();
      else current.showShortcuts();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
