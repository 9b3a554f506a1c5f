import { expandLiveEvent, type LiveChange, type LiveFeedItem, type LiveFrame } from '#shared/schemas/live.js';
import { wsClientFor } from './harness.js';

/** A signed-in browser tab's one live channel (realtime.changes) over a real WebSocket. */
export interface LiveTab {
  /** Every event of the channel, in order, a batch of changes taken apart into its changes. */
  events: LiveFeedItem[];
  /** The frames as they came (a batch is one frame). */
  frames: LiveFrame[];
  /** The changes only. */
  changes: () => LiveChange[];
  /**
   * Resolves once every frame the server wrote to this tab before now has arrived: a query's
   * answer on the same socket comes after them.
   */
  sync: () => Promise<void>;
  close: () => void;
}

/**
 * Opens the tab's live channel as the session and resolves once the channel says the session is
 * active: the channel says so only after the live hub has it (watch-changes.ts), so every change
 * committed from then on reaches it. Close it when done (an afterAll list of closers is the usual).
 */
export async function openLiveTab(connection: { wsUrl: string; origin: string }, sessionId: string): Promise<LiveTab> {
  const { client, wsClient } = wsClientFor(connection.wsUrl, sessionId, connection.origin);
  const events: LiveFeedItem[] = [];
  const frames: LiveFrame[] = [];
  let close = () => {};
  await new Promise<void>((resolve, reject) => {
    const subscription = client.realtime.changes.subscribe(undefined, {
      onData: (event) => {
        frames.push(event);
        events.push(...expandLiveEvent(event));
        if (event.type === 'session' && event.state === 'active') resolve();
      },
      onError: reject,
    });
    close = () => {
      subscription.unsubscribe();
      void wsClient.close();
    };
  });
  return {
    events,
    frames,
    changes: () => events.filter((event): event is LiveChange => event.type === 'change'),
    sync: async () => {
      await client.auth.session.query();
    },
    close,
  };
}
