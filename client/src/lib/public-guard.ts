import { redirect } from '@tanstack/react-router';

/**
 * The landing and auth pages send a signed-in visitor on to /dashboard. The session is asked for
 * with a plain GET of the public `auth.session` procedure, so the landing page needs no tRPC client.
 */
export async function redirectSignedInToDashboard() {
  const session = await fetch('/trpc/auth.session', { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<{ result?: { data?: unknown } }>) : null))
    .then((body) => body?.result?.data ?? null)
    .catch(() => null);
  if (session) throw redirect({ to: '/dashboard', replace: true });
}
