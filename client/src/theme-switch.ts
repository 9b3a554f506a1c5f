import type { SystemContext } from '@chakra-ui/react';
import { makePublicSystem } from './theme-public';

/**
 * Which Chakra system the app renders with: the light public one until a signed-in screen is
 * about to open, then the full one (loaded once, kept from then on). main.tsx renders with
 * `currentSystem()` and re-renders on a change; the root route awaits `loadFullSystem()` before any
 * screen outside PUBLIC_PATHS loads, so a signed-in screen never shows without its styles.
 */
// Made on first use: a cold signed-in screen renders only once the full system is in (main.tsx), so
// it never makes the public one (a createSystem of its own, about 75 ms of a phone's main thread).
let current: SystemContext | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** The addresses rendered with the public system (and any unknown address: the 404 page). */
export const PUBLIC_PATHS = ['/', '/about', '/contact', '/auth', '/verify-email', '/reset-password', '/invite/'];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.some((path) => (path.endsWith('/') && path !== '/' ? pathname.startsWith(path) : pathname === path));
}

export function currentSystem(): SystemContext {
  return (current ??= makePublicSystem());
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
