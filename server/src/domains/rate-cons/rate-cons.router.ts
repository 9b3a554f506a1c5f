import { router } from '../../trpc/procedures.js';
import { attachRateConProcedure } from './attach-rate-con.js';

/**
 * Rate confirmations become loads (issue 29). The import itself is the plain route
 * POST /api/rate-confirmations/extract (rate-cons.routes.ts: multipart, off the database
 * connection); the load is made by loads.create; attach makes the imported file its document.
 */
export const rateConsRouter = router({
  attach: attachRateConProcedure,
});
