import { sessionFingerprint } from '../../trpc/context.js';
import { permitted } from '../../trpc/procedures.js';

/** Yields once when this session ends (sign-out elsewhere, revocation, expiry), then stops. */
export const watchSessionProcedure = permitted('self', 'session', { transaction: false }).subscription(async function* ({ ctx, signal }) {
  const fingerprint = sessionFingerprint(ctx.sessionId);
  yield { type: 'active' as const };
  for await (const event of ctx.services.bus.events(signal)) {
    if (event.table === 'sessions' && event.op === 'DELETE' && event.session === fingerprint) {
      yield { type: 'ended' as const };
      return;
    }
  }
});
