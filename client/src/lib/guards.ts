import { redirect } from '@tanstack/react-router';
import type { StaffRole } from '../../../shared/src/constants';
import { canEnter, homePathFor } from '../../../shared/src/roles';
import type { SessionOutput } from '../../../shared/src/schemas/auth';

/** The spec's role guard for a route: anyone not allowed is sent (replacing history) to their own home. */
export function requireRoles(allowed: readonly StaffRole[] | 'master_admin') {
  return ({ context }: { context: { session: SessionOutput } }) => {
    if (!canEnter(context.session, allowed)) {
      throw redirect({ to: homePathFor(context.session), replace: true });
    }
  };
}
