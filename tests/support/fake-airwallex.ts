import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Airwallex played by a local HTTP server, for the integration tests and the end-to-end run:
 * - POST /api/v1/authentication/login checks x-client-id and x-api-key and answers a bearer token;
 * - POST /api/v1/pa/payment_links/create checks the token and answers a link `pl_<n>` at
 *   https://checkout.airwallex.test/pay/pl_<n>, recording the request;
 * - GET /__fake/payment-links answers the recorded link requests (id, url, body), so a test in
 *   another process (a Playwright worker) learns the link id and metadata to sign a webhook with.
 * `failNext()` makes the next link creation answer 500.
 */

export interface FakeAirwallexOptions {
  clientId: string;
  apiKey: string;
  token?: string;
  /** 0 (the default): any free port. */
  port?: number;
  host?: string;
}

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export interface FakePaymentLink {
  id: string;
  url: string;
  body: Record<string, unknown>;
}

export interface FakeAirwallex {
  url: string;
  /** Every POST, in order. */
  recorded: RecordedRequest[];
  /** The payment link requests only. */
  linkRequests(): RecordedRequest[];
  /** The links made, in order. */
  links: FakePaymentLink[];
  failNext(): void;
  close(): Promise<void>;
}

export const FAKE_PAYMENT_LINKS_PATH = '/__fake/payment-links';

export async function startFakeAirwallex(options: FakeAirwallexOptions): Promise<FakeAirwallex> {
  const token = options.token ?? 'fake-airwallex-token';
  const recorded: RecordedRequest[] = [];
  const links: FakePaymentLink[] = [];
  let failNext = false;

  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const send = (status: number, answer: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer));
      };
      if (request.method === 'GET' && request.url === FAKE_PAYMENT_LINKS_PATH) return send(200, links);
      let body: Record<string, unknown>;
      try {
        body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
      } catch {
        return send(400, { code: 'invalid_argument' });
      }
      recorded.push({ path: request.url ?? '', headers: request.headers, body });
      if (request.url === '/api/v1/authentication/login') {
        if (request.headers['x-client-id'] !== options.clientId || request.headers['x-api-key'] !== options.apiKey) {
          return send(401, { code: 'unauthorized' });
        }
        return send(201, { token, expires_at: new Date(Date.now() + 30 * 60_000).toISOString() });
      }
      if (request.headers.authorization !== `Bearer ${token}`) return send(401, { code: 'unauthorized' });
      if (request.url === '/api/v1/pa/payment_links/create') {
        if (failNext) {
          failNext = false;
          return send(500, { code: 'internal_error' });
        }
        const id = `pl_${links.length + 1}`;
        const link = { id, url: `https://checkout.airwallex.test/pay/${id}`, body };
        links.push(link);
        return send(201, { id, url: link.url, status: 'UNPAID' });
      }
      return send(404, { code: 'not_found' });
    });
  });
  const host = options.host ?? '127.0.0.1';
  server.listen(options.port ?? 0, host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    recorded,
    linkRequests: () => recorded.filter((request) => request.path === '/api/v1/pa/payment_links/create'),
    links,
    failNext: () => {
      failNext = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
