import { z } from 'zod';
import { seedTestUsersOutput } from '#shared/schemas/admin.js';
import { seedTestUsers } from './test-users.js';
import { permitted } from '../../trpc/procedures.js';

/**
 * The spec's seed-test-users function: 8 test users across 2 companies (5 and 3) with the
 * shared test password (shared/src/test-users.ts), on the call's own transaction. Idempotent:
 * a second run reports every account as already present.
 */
export const seedTestUsersProcedure = permitted('platform', 'write')
  .input(z.void())
  .output(seedTestUsersOutput)
  .mutation(async ({ ctx }) => {
    ctx.services.log.info(`master admin ${ctx.session.user.id} seeded the test users`);
    const results = await seedTestUsers(ctx.db, { onError: (message, error) => ctx.services.log.error(message, error) });
    return { results };
  });
