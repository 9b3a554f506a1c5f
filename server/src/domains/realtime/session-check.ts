import { loadSessionContext } from '../../auth/session-context.js';
import type { AppServices } from '../../services/services.js';

/** How long a live channel trusts its last look at the session before looking again. */
export const SESSION_RECHECK_MS = 2_000;

/**
 * Asked before a live channel delivers an event: is the session it was opened with still valid
 * (not signed out, revoked, expired, nor its company suspended)? The answer is kept for
 * SESSION_RECHECK_MS at most, so a busy channel costs one session read every two seconds, and an
 * ended session hears nothing more, even if the bus missed its "ended" notice.
 */
export function sessionRecheck(
  services: Pick<AppServices, 'lucia' | 'db'>,
  sessionId: string,
  options: { now?: () => number; everyMs?: number } = {},
): () => Promise<boolean> {
  const now = options.now ?? Date.now;
  const everyMs = options.everyMs ?? SESSION_RECHECK_MS;
  let checkedAt = now();
  let live = true;
  return async () => {
    if (!live) return false;
    if (now() - checkedAt < everyMs) return true;
    live = (await loadSessionContext(services, sessionId)) !== null;
    checkedAt = now();
    return live;
  };
}
