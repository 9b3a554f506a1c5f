import type { LiveEvent } from '#shared/schemas/live.js';
import { isResync } from '../../services/realtime/bus.js';
import { sessionFingerprint } from '../../trpc/context.js';
import { authedProcedure } from '../../trpc/procedures.js';
import { liveAudienceOf, toLiveChange } from './live-audience.js';
import { sessionRecheck } from './session-check.js';

/**
 * The one live channel of a signed-in tab: every committed change to a table the user may see,
 * multiplexed (see live-audience.ts for who hears what), the session's state ('active' as soon
 * as it listens, 'ended' when the session ends anywhere) and 'resync' when the server may have
 * missed changes. One generator per tab, fed by the instance's one LISTEN connection (services/realtime/bus.ts).
 * Every event delivered first re-checks that the session is still valid (session-check.ts, a
 * few seconds' cache at most): a channel whose session ended says so and stops.
 */
export const watchChangesProcedure = authedProcedure.subscription(async function* ({ ctx, signal }): AsyncGenerator<LiveEvent> {
  const audience = liveAudienceOf(ctx.session);
  const fingerprint = sessionFingerprint(ctx.sessionId);
  const stillValid = sessionRecheck(ctx.services, ctx.sessionId);
  yield { type: 'session', state: 'active' };
  for await (const event of ctx.services.bus.events(signal)) {
    const ended = !isResync(event) && event.table === 'sessions' && event.op === 'DELETE' && event.session === fingerprint;
    if (!ended && !(await stillValid())) {
      yield { type: 'session', state: 'ended' };
      return;
    }
    if (isResync(event)) {
      yield { type: 'resync' };
    } else if (event.table === 'sessions' && event.op === 'DELETE' && event.session === fingerprint) {
      yield { type: 'session', state: 'ended' };
      return;
    } else {
      const change = toLiveChange(audience, ctx.session.user.id, event);
      if (change) yield change;
    }
  }
});
