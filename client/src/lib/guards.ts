import { redirect } from '@tanstack/react-router';
import { SCREENS, canOpen, homePathFor, type AppPath } from '#shared/permissions.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import type { FileRoutesByTo } from '../routeTree.gen';

/** The screen a path belongs to: its first segment ("/loads/123" is the loads screen). */
function screenOf(pathname: string): AppPath | null {
  const first = `/${pathname.split('/')[1] ?? ''}`;
  return first in SCREENS ? (first as AppPath) : null;
}

/**
 * The spec's role guard, once for every screen behind sign-in, from the permission table
 * (shared/src/permissions.ts): anyone who may not open a screen is sent, replacing history, to
 * their own home. The server refuses their calls too.
 */
export function guardScreen(session: SessionOutput, pathname: string): void {
  // An address not proven yet reaches no screen but the one that asks to prove it (the server refuses the rest too).
  if (!session.emailVerified) throw redirect({ to: '/verify-email', replace: true });
  const screen = screenOf(pathname);
  if (screen && !canOpen(session, screen)) throw redirect({ to: homePathFor(session), replace: true });
}

// The permission table's screens and the routes behind sign-in are the same set: the compiler checks both ways.
type PublicPath = '/' | '/about' | '/auth' | '/contact' | '/invite/$token' | '/reset-password' | '/track/$token';
type RoutedScreen = Exclude<keyof FileRoutesByTo, PublicPath>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const screensMatchRoutes: Same<RoutedScreen, AppPath> = true;
