import { redirect } from '@tanstack/react-router';
import type { TrpcUtils } from './trpc';

/** The landing and auth pages send a signed-in visitor on to /dashboard. */
export async function redirectSignedInToDashboard({ context }: { context: { trpcUtils: TrpcUtils } }) {
  const session = await context.trpcUtils.auth.session.ensureData().catch(() => null);
  if (session) throw redirect({ to: '/dashboard', replace: true });
}
