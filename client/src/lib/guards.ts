import { redirect } from '@tanstack/react-router';
import type { StaffRole } from '#shared/constants.js';
import { canEnter, homePathFor } from '#shared/roles.js';
import type { SessionOutput } from '#shared/schemas/auth.js';

/** The spec's role guard for a route: anyone not allowed is sent (replacing history) to their own home. */
export function requireRoles(allowed: readonly StaffRole[] | 'master_admin') {
  return ({ context }: { context: { session: SessionOutput } }) => {
    if (!canEnter(context.session, allowed)) {
      throw redirect({ to: homePathFor(context.session), replace: true });
    }
  };
}
