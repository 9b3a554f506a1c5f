import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message as Resend's API took it (POST /emails), with the time it arrived. */
export interface ReceivedEmail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  attachments: { filename: string; contentType: string; content: string }[];
  idempotencyKey: string | null;
  receivedAt: string;
}

const MAX_KEPT = 5_000;

/**
 * A stand-in for Resend's API on loopback (the far edge of the network, where a fake may stand):
 * POST /emails takes a message as the Resend SDK sends it (RESEND_BASE_URL points here) and
 * answers its id; a retry with the same Idempotency-Key answers the first id and keeps one copy.
 * GET /emails?to=<address> lists what was taken for that address, newest first: the mailbox the
 * end-to-end journeys read links, codes and attachments from.
 */
export async function startFakeResend(options: { port?: number; apiKey?: string } = {}) {
  const received: ReceivedEmail[] = [];
  const byKey = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? '/', 'http://fake-resend');
    if (request.method === 'GET' && url.pathname === '/emails') {
      const to = (url.searchParams.get('to') ?? '').toLowerCase();
      return answer(200, received.filter((mail) => mail.to.some((address) => address.toLowerCase() === to)).reverse());
    }
    if (request.method !== 'POST' || url.pathname !== '/emails') return answer(404, { name: 'not_found', message: 'Not found' });
    if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`) {
      return answer(401, { name: 'validation_error', message: 'API key is invalid' });
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body: Partial<Omit<ReceivedEmail, 'to' | 'attachments'>> & {
        to?: string | string[];
        attachments?: { filename: string; content: string; content_type?: string }[];
      };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
      } catch {
        return answer(422, { name: 'validation_error', message: 'Invalid JSON' });
      }
      const key = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null;
      const known = key ? byKey.get(key) : undefined;
      if (known) return answer(200, { id: known });
      const id = `fake-${received.length + 1}-${Date.now().toString(36)}`;
      if (key) byKey.set(key, id);
      received.push({
        id,
        from: body.from ?? '',
        to: Array.isArray(body.to) ? body.to : body.to ? [body.to] : [],
        subject: body.subject ?? '',
        text: body.text ?? '',
        html: body.html ?? null,
        // The API's own field names, as the SDK sends them (content_type).
        attachments: (body.attachments ?? []).map((file: { filename: string; content: string; content_type?: string }) => ({
          filename: file.filename,
          contentType: file.content_type ?? 'application/octet-stream',
          content: file.content,
        })),
        idempotencyKey: key,
        receivedAt: new Date().toISOString(),
      });
      if (received.length > MAX_KEPT) received.splice(0, received.length - MAX_KEPT);
      return answer(200, { id });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
