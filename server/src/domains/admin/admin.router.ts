import { z } from 'zod';
import { outboxOutput } from '#shared/schemas/admin.js';
import { masterAdminProcedure, router } from '../../trpc/procedures.js';
import { recentOutbox } from './admin.repository.js';
import { companiesProcedure, statsProcedure } from './platform-stats.js';
import { seedTestUsersProcedure } from './seed-test-users.js';
import { setCompanyStatusProcedure } from './set-company-status.js';

/** The master admin's console; every procedure is for master admins only. */
export const adminRouter = router({
  /** Total Companies, Active Companies, users, Total Loads and Total Revenue across the platform. */
  stats: statsProcedure,
  /** Every company with its users, loads, revenue, status and creation time, newest first. */
  companies: companiesProcedure,
  /** Suspend (ending its sessions) or reactivate a company; never one's own. */
  setCompanyStatus: setCompanyStatusProcedure,
  /** Create the spec's 8 test users across 2 companies; idempotent. */
  seedTestUsers: seedTestUsersProcedure,
  /** The newest 100 messages of the mail and SMS outbox, so invitations and codes can be read without a provider. */
  outbox: masterAdminProcedure
    .input(z.void())
    .output(outboxOutput)
    .query(({ ctx }) => recentOutbox(ctx.db)),
});
