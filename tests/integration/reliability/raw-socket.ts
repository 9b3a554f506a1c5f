import WebSocket from 'ws';
import { SESSION_COOKIE } from '../../../server/src/services/lucia.js';

export interface ServerFrame {
  id: number | string | null;
  result?: { type: 'started' | 'stopped' | 'data'; data?: unknown };
  error?: { message: string; data?: { code?: string } };
}

/** A WebSocket speaking tRPC's wire format by hand, so a test can send what no client library would. */
export interface RawSocket {
  socket: WebSocket;
  frames: ServerFrame[];
  closed: Promise<{ code: number; reason: string }>;
  send(messages: unknown): void;
  started(): (number | string | null)[];
  errors(): ServerFrame[];
}

export async function openRawSocket(wsUrl: string, origin: string, sessionId: string | null): Promise<RawSocket> {
  const headers: Record<string, string> = { origin };
  if (sessionId) headers.cookie = `${SESSION_COOKIE}=${sessionId}`;
  const socket = new WebSocket(wsUrl, { headers });
  const frames: ServerFrame[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') }));
  });
  socket.on('message', (data) => {
    const text = Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
    if (text === 'PING' || text === 'PONG') return;
    const parsed = JSON.parse(text) as ServerFrame | ServerFrame[];
    for (const frame of Array.isArray(parsed) ? parsed : [parsed]) frames.push(frame);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    frames,
    closed,
    send: (messages) => socket.send(JSON.stringify(messages)),
    started: () => frames.filter((frame) => frame.result?.type === 'started').map((frame) => frame.id),
    errors: () => frames.filter((frame) => frame.error !== undefined),
  };
}

export const subscribeMessage = (id: number, tables: string[] = ['loads']) => ({
  id,
  jsonrpc: '2.0',
  method: 'subscription',
  params: { path: 'realtime.changes', input: { tables } },
});
