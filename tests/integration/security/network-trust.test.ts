import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createTRPCClient, createWSClient, type TRPCClientError, wsLink } from '@trpc/client';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, redactUrl } from '../../../server/src/app.js';
import { SESSION_COOKIE } from '../../../server/src/services/lucia.js';
import { loadConfig, type Config } from '../../../server/src/config.js';
import { mailFilesTo } from '../../../server/src/services/mail/mail-files.js';
import type { AppServices } from '../../../server/src/services/services.js';
import type { AppRouter } from '../../../server/src/app-router.js';
import { createTestCompany, sessionFor, startTestServices, uniqueEmail, type TestCompany } from '../../support/harness.js';

/**
 * Issue 10, items 2, 3 (logs) and 4, through the real HTTP stack on loopback:
 * - a forged X-Forwarded-For does not dodge a per-IP limit (TRUST_PROXY off by default), and is
 *   believed only from a listed proxy (or the configured number of hops);
 * - links mailed to people never come from request headers, and production needs APP_ORIGIN;
 * - request log lines carry no token.
 */

const SIGN_IN_LIMIT = 3;
const APP_ORIGIN = 'https://dispatch.haulwise.test';

let started: Awaited<ReturnType<typeof startTestServices>>;
let company: TestCompany;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  started = await startTestServices({ config: { SIGN_IN_MAX_PER_IP: String(SIGN_IN_LIMIT), APP_ORIGIN } });
  company = await createTestCompany(started.services);
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await started?.close();
});

/** The app on a free loopback port with these settings over the suite's services. */
async function serve(overrides: Partial<Config>, options: Parameters<typeof buildApp>[1] = {}) {
  const services: AppServices = { ...started.services, config: { ...started.services.config, ...overrides } };
  const app = await buildApp(services, options);
  apps.push(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, port, origin: `http://127.0.0.1:${port}` };
}

/** A raw HTTP request (node:http, so Host can be anything, as a crafted request's would be). */
function send(port: number, options: { method?: string; path: string; headers?: Record<string, string>; body?: unknown }) {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? (body ? 'POST' : 'GET'),
        path: options.path,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** A wrong password for an address nobody has (so no per-account delay applies), claiming to come from `forwardedFor`. */
const failedSignIn = (port: number, origin: string, forwardedFor: string) =>
  send(port, {
    path: '/trpc/auth.signIn',
    headers: { origin, host: new URL(origin).host, 'x-forwarded-for': forwardedFor },
    body: { email: uniqueEmail('nobody'), password: 'wrong-password-1' },
  });

const limited = (answer: { status: number; text: string }) => answer.status === 429 && answer.text.includes('TOO_MANY_REQUESTS');

describe('TRUST_PROXY (item 2)', () => {
  it('is off by default, in production too: a forged X-Forwarded-For changes nothing, and the sign-in limit per address holds', async () => {
    expect(started.services.config.TRUST_PROXY).toBe(false);
    // Production once trusted any X-Forwarded-For.
    const { port, origin } = await serve({ NODE_ENV: 'production' });
    const answers = [];
    for (let attempt = 0; attempt <= SIGN_IN_LIMIT; attempt += 1)
      answers.push(await failedSignIn(port, origin, `203.0.113.${attempt + 1}`));
    // Each try claimed another client; all were counted against the one real peer, 127.0.0.1.
    expect(answers.slice(0, SIGN_IN_LIMIT).map((answer) => answer.status)).toEqual(Array(SIGN_IN_LIMIT).fill(401));
    expect(limited(answers[SIGN_IN_LIMIT] as { status: number; text: string })).toBe(true);
  });

  it('a proxy address that is not the peer is not believed either', async () => {
    const { port, origin } = await serve({ TRUST_PROXY: ['10.20.30.40'] });
    // 127.0.0.1 used up its tries above; claiming another client does not help.
    expect(limited(await failedSignIn(port, origin, '198.51.100.77'))).toBe(true);
  });

  it('believes the header from a listed proxy: each forwarded client has its own count', async () => {
    const { port, origin } = await serve({ TRUST_PROXY: ['127.0.0.1'] });
    const answers = [];
    for (let attempt = 0; attempt <= SIGN_IN_LIMIT; attempt += 1)
      answers.push(await failedSignIn(port, origin, `198.51.100.${attempt + 1}`));
    expect(answers.map((answer) => answer.status)).toEqual(Array(SIGN_IN_LIMIT + 1).fill(401));
    // And one forwarded client is limited like any other.
    const client = '198.51.100.200';
    const again = [];
    for (let attempt = 0; attempt <= SIGN_IN_LIMIT; attempt += 1) again.push(await failedSignIn(port, origin, client));
    expect(limited(again[SIGN_IN_LIMIT] as { status: number; text: string })).toBe(true);
  });

  it('with a hop count, takes the address the nearest proxy saw, not one the client wrote before it', async () => {
    const { port, origin } = await serve({ TRUST_PROXY: 1 });
    // "forged, real": the client wrote the first, the one proxy appended the second.
    const answers = [];
    for (let attempt = 0; attempt <= SIGN_IN_LIMIT; attempt += 1)
      answers.push(await failedSignIn(port, origin, `192.0.2.${attempt + 1}, 198.51.100.250`));
    expect(limited(answers[SIGN_IN_LIMIT] as { status: number; text: string })).toBe(true);
  });

  it('is parsed from the environment: off, a hop count or addresses; "true" (believe anyone) is refused', () => {
    const parse = (TRUST_PROXY: string) => loadConfig({ NODE_ENV: 'test', TRUST_PROXY }).TRUST_PROXY;
    expect(parse('')).toBe(false);
    expect(parse('false')).toBe(false);
    expect(parse('2')).toBe(2);
    expect(parse('10.0.0.1, 10.0.1.0/24, ::1')).toEqual(['10.0.0.1', '10.0.1.0/24', '::1']);
    expect(() => parse('true')).toThrow(/TRUST_PROXY/);
    expect(() => parse('proxy.example')).toThrow(/TRUST_PROXY/);
  });
});

describe('APP_ORIGIN and links (item 4)', () => {
  it('is required in production: the server refuses to start without it, naming it', () => {
    const production = { NODE_ENV: 'production', APP_DB_PASSWORD: 'a-strong-app-password' };
    expect(() => loadConfig(production)).toThrow(/APP_ORIGIN: required in production/);
    expect(loadConfig({ ...production, APP_ORIGIN: 'https://dispatch.example.com/' }).appOrigin).toBe('https://dispatch.example.com');
    // Outside production, this server on localhost.
    expect(loadConfig({ NODE_ENV: 'development', PORT: '4100' }).appOrigin).toBe('http://localhost:4100');
  });

  it('an invitation asked for by a crafted request (Origin and Host of another site) still links to APP_ORIGIN', async () => {
    const { port } = await serve({});
    const cookie = `${SESSION_COOKIE}=${await sessionFor(started.services, company.users.admin)}`;
    const email = uniqueEmail('crafted');
    const answer = await send(port, {
      path: '/trpc/team.invite',
      // Same-origin as far as the server can tell: the Origin names the Host the request claims.
      headers: { cookie, origin: 'http://evil.example', host: 'evil.example' },
      body: { email, firstName: 'Ivy', lastName: 'Invitee', role: 'dispatcher' },
    });
    expect(answer.status).toBe(200);
    const [mail] = await mailFilesTo(path.join(started.services.config.dataDir, 'mail'), email);
    expect(mail?.text).toMatch(new RegExp(`${APP_ORIGIN}/invite/[A-Za-z0-9_-]{43}`));
    expect(mail?.text).not.toContain('evil.example');
    expect(mail?.html).not.toContain('evil.example');
  });
});

describe('request logs (item 3)', () => {
  it('redact invitation tokens, ?token= and tRPC inputs from every request line', async () => {
    const lines: string[] = [];
    const { port } = await serve({ LOG_LEVEL: 'info' }, { logger: true, logStream: { write: (line) => void lines.push(line) } });
    const token = 'Zx9_secretInvitationToken_abcdefghijklmnopqrs';
    await send(port, { path: `/invite/${token}` });
    await send(port, { path: `/verify-email?token=${token}&next=%2F` });
    await send(port, { path: `/trpc/invitations.preview?input=${encodeURIComponent(JSON.stringify({ token }))}` });
    const logged = lines.join('\n');
    expect(logged).toContain('/invite/[redacted]');
    expect(logged).toContain('token=[redacted]');
    expect(logged).toContain('input=[redacted]');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(encodeURIComponent(token));
  });

  it('redactUrl keeps what is not secret', () => {
    expect(redactUrl('/loads?status=open&page=2')).toBe('/loads?status=open&page=2');
    expect(redactUrl('/invite/abc/def?resetToken=x&code=123456')).toBe('/invite/[redacted]/def?resetToken=[redacted]&code=[redacted]');
  });
});

describe('TRUST_PROXY over WebSocket (issue 24, item 6)', () => {
  /** A tRPC client over a WebSocket whose upgrade came through the proxy for `forwardedFor`. */
  function socketClient(port: number, origin: string, forwardedFor: string) {
    const headers = { origin, 'x-forwarded-for': forwardedFor };
    class ProxiedWebSocket extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, protocols, { headers });
      }
    }
    const wsClient = createWSClient({
      url: `ws://127.0.0.1:${port}/trpc`,
      WebSocket: ProxiedWebSocket as unknown as typeof globalThis.WebSocket,
      retryDelayMs: () => 60_000,
    });
    return { client: createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] }), close: () => wsClient.close() };
  }

  it("counts a socket's calls against the client the proxy named, as HTTP does, not against the proxy", async () => {
    const { port, origin } = await serve({ TRUST_PROXY: ['127.0.0.1'] });
    const client = '198.51.100.231';
    const socket = socketClient(port, origin, client);
    try {
      // The proxy's own address (127.0.0.1) used up its tries above: these are the forwarded client's first.
      for (let attempt = 0; attempt < SIGN_IN_LIMIT; attempt += 1) {
        const error = await socket.client.auth.signIn.mutate({ email: uniqueEmail('nobody'), password: 'wrong-password-1' }).then(
          () => null,
          (failure: unknown) => failure as TRPCClientError<AppRouter>,
        );
        expect(error?.data?.code).toBe('UNAUTHORIZED');
      }
    } finally {
      socket.close();
    }
    // Over HTTP the same client has used its tries; another forwarded client has not.
    expect(limited(await failedSignIn(port, origin, client))).toBe(true);
    expect((await failedSignIn(port, origin, '198.51.100.232')).status).toBe(401);
  });
});
