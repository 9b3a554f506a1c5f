import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePort } from '../../support/global-setup.js';

/**
 * The real server process (issue 9, item 4), on an embedded PostgreSQL in its own temporary
 * data folder: a second server on the same folder refuses at start naming the folder, and
 * SIGTERM ends the first within 15 s, closing its sockets with a reason and stopping PostgreSQL.
 * The first seeds the demo workspace after it listens (issue 16's fresh start).
 */

interface Server {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startServer(env: Record<string, string>): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, NODE_ENV: 'test', SEED_DEMO: 'false', APP_DB_PASSWORD: 'haulwise-app-process', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

let dataDir: string;
let env: Record<string, string>;
let first: Server;
let origin: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'haulwise-process-'));
  const port = await freePort();
  env = { HAULWISE_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', EMBEDDED_PG_PORT: String(await freePort()) };
  origin = `http://127.0.0.1:${port}`;
  first = startServer({ ...env, SEED_DEMO: 'true' });
  // Initialising a new data folder and migrating takes a few seconds on these machines.
  for (let waited = 0; ; waited += 250) {
    const status = (await fetch(`${origin}/health/ready`).catch(() => null))?.status;
    if (status === 200) break;
    if (waited > 110_000 || first.child.exitCode !== null) throw new Error(`The server did not start:\n${first.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, 120_000);
afterAll(async () => {
  if (first && first.child.exitCode === null && first.child.signalCode === null) {
    first.child.kill('SIGKILL');
    await first.exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('answers before the demo workspace is in, says when it is on /health/demo, then prints the demo logins', async () => {
    // /health/ready answered already (beforeAll); the demo data is written after listening.
    for (let waited = 0; ; waited += 100) {
      const response = await fetch(`${origin}/health/demo`);
      const body: unknown = await response.json();
      if (response.status === 200) {
        expect(body).toEqual({ demo: 'ready' });
        break;
      }
      expect([response.status, body]).toEqual([503, { demo: 'seeding' }]);
      if (waited > 60_000) throw new Error(`The demo workspace was not seeded:\n${first.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const output = first.output();
    expect(output.indexOf('Haulwise is running at')).toBeGreaterThan(-1);
    expect(output.indexOf('Demo accounts (password for all: haulwise-demo)')).toBeGreaterThan(output.indexOf('Haulwise is running at'));
    const signIn = await fetch(`${origin}/trpc/auth.signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'dispatch@summit.demo', password: 'haulwise-demo' }),
    });
    expect(signIn.status).toBe(200);
  }, 70_000);

  it('a second server on the same data folder refuses at start with a message naming the folder', async () => {
    const second = startServer({ ...env, PORT: String(await freePort()) });
    const { code } = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain(`The data folder ${dataDir} is in use by another Haulwise process (pid ${first.child.pid})`);
    // The first one goes on serving.
    expect((await fetch(`${origin}/health/ready`)).status).toBe(200);
  }, 60_000);

  it('SIGTERM ends it within 15 s: sockets are closed with a reason and PostgreSQL is stopped', async () => {
    const socket = new WebSocket(`${origin.replace('http', 'ws')}/trpc`, { headers: { origin } });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') })),
    );

    first.child.kill('SIGTERM');
    const ended = await Promise.race([
      first.exited,
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 15_000).unref()),
    ]);
    expect(ended).toEqual({ code: 0, signal: null });
    expect(await closed).toEqual({ code: 1001, reason: 'Server is shutting down' });
    expect(first.output()).toContain('Stopped.');
    // PostgreSQL shut down cleanly: its lock file is gone, and so is ours.
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'haulwise.pid'))).toBe(false);
  }, 30_000);
});
