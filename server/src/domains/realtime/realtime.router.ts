import { router } from '../../trpc/procedures.js';
import { watchChangesProcedure } from './watch-changes.js';

export const realtimeRouter = router({
  /** The one live channel of a signed-in tab (watch-changes.ts). */
  changes: watchChangesProcedure,
});
