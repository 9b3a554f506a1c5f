import { router } from '../../trpc/procedures.js';
import { listCompaniesProcedure } from './list-companies.js';
import { listOutboxProcedure } from './list-outbox.js';
import { readPlatformStatsProcedure } from './read-platform-stats.js';
import { seedTestUsersProcedure } from './seed-test-users.js';
import { setCompanyStatusProcedure } from './set-company-status.js';

/** The master admin's console; every procedure is for master admins only. */
export const adminRouter = router({
  /** Total Companies, Active Companies, users, Total Loads and Total Revenue across the platform. */
  stats: readPlatformStatsProcedure,
  /** Every company with its users, loads, revenue, status and creation time, newest first. */
  companies: listCompaniesProcedure,
  /** Suspend (ending its sessions) or reactivate a company; never one's own. */
  setCompanyStatus: setCompanyStatusProcedure,
  /** Create the spec's 8 test users across 2 companies; idempotent. */
  seedTestUsers: seedTestUsersProcedure,
  /** The newest 100 messages of the mail and SMS outbox. */
  outbox: listOutboxProcedure,
});
