// Cold start: the built server (dist/server/main.js, as `make start` and the image run it) from
// spawn to /health/ready, on a fresh data folder (initdb, migrations; the demo data follows in the
// background, and the time until /health/demo says it is in is shown too) and on a warm one,
// beside a bare start of the same embedded PostgreSQL in the same run (initdb + start for the fresh
// case, start for the warm one). Goals (issue 16): ready within 1 s warm and 3 s fresh.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { startEmbeddedPostgres } from '../server/src/db/embedded.js';
import { recordResults } from './results.js';
import { freePort, median } from './support.js';

const RUNS = 3;
const SERVER = path.join(import.meta.dirname, '..', 'dist', 'server', 'main.js');

/**
 * Milliseconds from spawning the built server until /health/ready answers 200, and until /health/demo
 * does (the demo workspace written after listening); then SIGTERM and wait for exit.
 */
async function serverStart(dataDir: string): Promise<{ ready: number; demo: number }> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HAULWISE_DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(await freePort()),
    },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error('the server exited before it was ready');
      const ready = await fetch(`http://127.0.0.1:${port}/health/ready`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      if (performance.now() - began > 60_000) throw new Error('not ready within 60 s');
      await sleep(10);
    }
    const readyAt = performance.now() - began;
    for (;;) {
      const seeded = await fetch(`http://127.0.0.1:${port}/health/demo`).then(
        (response) => response.ok,
        () => false,
      );
      if (seeded) return { ready: readyAt, demo: performance.now() - began };
      if (performance.now() - began > 60_000) throw new Error('the demo workspace was not in within 60 s');
      await sleep(10);
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** Milliseconds for a bare start of the embedded PostgreSQL (initdb first when the folder is fresh), then stop. */
async function bareStart(dataDir: string): Promise<number> {
  const began = performance.now();
  const database = await startEmbeddedPostgres({ dataDir, port: await freePort(), onNotice: () => {} });
  const elapsed = performance.now() - began;
  await database.stop();
  return elapsed;
}

async function main(): Promise<void> {
  if (!existsSync(SERVER)) {
    console.log('Building the server (dist/server/main.js) ...');
    spawnSync('npm', ['run', '--silent', 'build:server'], { stdio: 'inherit' });
  }
  const samples = {
    fresh: [] as number[],
    freshDemo: [] as number[],
    warm: [] as number[],
    bareFresh: [] as number[],
    bareWarm: [] as number[],
  };
  for (let run = 0; run < RUNS; run += 1) {
    const ours = mkdtempSync(path.join(tmpdir(), 'haulwise-start-'));
    const bare = mkdtempSync(path.join(tmpdir(), 'haulwise-bare-'));
    try {
      samples.bareFresh.push(await bareStart(bare));
      const fresh = await serverStart(ours);
      samples.fresh.push(fresh.ready);
      samples.freshDemo.push(fresh.demo);
      samples.bareWarm.push(await bareStart(bare));
      samples.warm.push((await serverStart(ours)).ready);
    } finally {
      rmSync(ours, { recursive: true, force: true });
      rmSync(bare, { recursive: true, force: true });
    }
  }
  const row = (name: string, ours: number[], peer: number[], goalMs?: number) => {
    const value = median(ours);
    const floor = median(peer);
    console.log(
      `  ${name.padEnd(52)} ${value.toFixed(0).padStart(6)} ms   bare PostgreSQL ${floor.toFixed(0).padStart(6)} ms${goalMs ? `   goal ${goalMs} ms` : ''}`,
    );
    return {
      name,
      unit: 'ms',
      median: value,
      p99: Math.max(...ours),
      peer: 'bare embedded PostgreSQL start',
      peerMedian: floor,
      ratio: value / floor,
      ...(goalMs ? { goal: `<= ${goalMs} ms`, met: value <= goalMs } : {}),
    };
  };
  console.log(`Cold start of the built server to /health/ready, median of ${RUNS}:`);
  recordResults('start', [
    row('fresh data folder (initdb, migrations)', samples.fresh, samples.bareFresh, 3000),
    row('fresh data folder: demo workspace in (after listen)', samples.freshDemo, samples.bareFresh),
    row('warm data folder', samples.warm, samples.bareWarm, 1000),
  ]);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
