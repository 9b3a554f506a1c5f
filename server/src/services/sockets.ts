import type { WebSocket } from 'ws';

/** Open WebSocket connections by session fingerprint, so an ended session closes its sockets. */
export interface SocketRegistry {
  track(fingerprint: string, socket: WebSocket): void;
  closeSession(fingerprint: string): number;
}

export const SESSION_ENDED_CLOSE_CODE = 4401;

export function createSocketRegistry(): SocketRegistry {
  const bySession = new Map<string, Set<WebSocket>>();
  return {
    track(fingerprint, socket) {
      let sockets = bySession.get(fingerprint);
      if (!sockets) {
        sockets = new Set();
        bySession.set(fingerprint, sockets);
      }
      if (sockets.has(socket)) return;
      sockets.add(socket);
      socket.once('close', () => {
        sockets.delete(socket);
        if (sockets.size === 0) bySession.delete(fingerprint);
      });
    },
    closeSession(fingerprint) {
      const sockets = bySession.get(fingerprint);
      if (!sockets) return 0;
      for (const socket of sockets) socket.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
      return sockets.size;
    },
  };
}
