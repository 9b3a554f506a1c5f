import { useEffect, useState } from 'react';

/**
 * The value once it has stopped changing for `delayMs` (at once when 0): a search box asks the
 * server once per pause, not per key. For an object made anew each render, pass a `key` that
 * stands for its contents (its JSON), so the same contents are no change.
 */
export function useDebouncedValue<T>(value: T, delayMs = 300, key: unknown = value): T {
  const [settled, setSettled] = useState({ key, value });
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = setTimeout(() => setSettled({ key, value }), delayMs);
    return () => clearTimeout(timer);
    // `key` stands for `value`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, delayMs]);
  return delayMs <= 0 ? value : settled.value;
}
