import type { SystemContext } from '@chakra-ui/react';
import { publicSystem } from './theme-public';

/**
 * Which Chakra system the app renders with: the light public one until a signed-in screen is
 * about to open, then the full one (loaded once, kept from then on). main.tsx renders with
 * `currentSystem()` and re-renders on a change; the root route awaits `loadFullSystem()` before any
 * screen outside PUBLIC_PATHS loads, so a signed-in screen never shows without its styles.
 */
let current: SystemContext = publicSystem;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** The addresses rendered with the public system (and any unknown address: the 404 page). */
export const PUBLIC_PATHS = ['/', '/about', '/contact', '/auth', '/verify-email', '/invite/'];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.some((path) => (path.endsWith('/') && path !== '/' ? pathname.startsWith(path) : pathname === path));
}

export function currentSystem(): SystemContext {
  return current;
}

export function subscribeSystem(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function loadFullSystem(): Promise<void> {
  loading ??= import('./theme').then(({ system }) => {
    current = system;
    listeners.forEach((listener) => listener());
  });
  return loading;
}
