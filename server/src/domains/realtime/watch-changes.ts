import type { LiveFrame } from '#shared/schemas/live.js';
import { liveHubOf } from './live-lookups.js';
import { sessionFingerprint } from '../../trpc/context.js';
import { permitted } from '../../trpc/procedures.js';

/**
 * The one live channel of a signed-in tab: every committed change to a table the user may see,
 * multiplexed and batched (live-hub.ts: who hears what, windows, backpressure), the session's
 * state ('active' as soon as it listens, 'ended' when the session ends anywhere) and 'resync'
 * when the server may have missed changes or the tab fell behind. The hub writes change batches
 * to the tab's socket itself, in this subscription's envelope; what the procedure yields is the
 * session's state (and, with no socket, as for a caller in a test, every event).
 */
export const watchChangesProcedure = permitted('self', 'live', { transaction: false }).subscription(async function* ({
  ctx,
  signal,
}): AsyncGenerator<LiveFrame> {
  const live = await liveHubOf(ctx.services).subscribe({
    session: ctx.session,
    sessionId: ctx.sessionId,
    fingerprint: sessionFingerprint(ctx.sessionId),
    socket: ctx.socket,
    signal,
  });
  try {
    yield { type: 'session', state: 'active' };
    for await (const event of live.events) {
      yield event;
      if (event.type === 'session' && event.state === 'ended') return;
    }
  } finally {
    live.close();
  }
});
