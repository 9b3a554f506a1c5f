import { z } from 'zod';
import { isResync } from '../../services/realtime/bus.js';
import { authedProcedure, router } from '../../trpc/procedures.js';
import { canSeeEvent, LIVE_TABLES } from './can-see-event.js';

const changeOutput = z.object({ table: z.enum(LIVE_TABLES), op: z.enum(['INSERT', 'UPDATE', 'DELETE']), id: z.string() });

export const realtimeRouter = router({
  /**
   * Committed changes to the listed tables that the subscriber may see: ids only, so the
   * client re-reads through the ordinary, permission-checked queries. `{ type: 'resync' }` after
   * the server's LISTEN connection was lost and is back: re-read everything.
   */
  changes: authedProcedure
    .input(z.object({ tables: z.array(z.enum(LIVE_TABLES)).min(1).max(LIVE_TABLES.length) }))
    .subscription(async function* ({ ctx, input, signal }) {
      for await (const event of ctx.services.bus.events(signal)) {
        if (isResync(event)) {
          yield { type: 'resync' as const };
          continue;
        }
        if (!input.tables.includes(event.table as (typeof LIVE_TABLES)[number])) continue;
        if (!canSeeEvent(ctx.session, event)) continue;
        const parsed = changeOutput.safeParse(event);
        if (parsed.success) yield parsed.data;
      }
    }),
});
