// The client (issue 16): gzipped JavaScript per first screen, from Vite's manifest, beside the floor
// of any React 19 app (react-dom's client alone, minified and gzipped, built in the same run); then
// Lighthouse (mobile preset, Debian's Chromium) on /, /auth and a signed-in /loads against the
// built server serving that build (brotli, as a browser gets it). Goals: at most 100 KB on the
// public pages and 170 KB on a cold /loads; Lighthouse performance >= 90 and accessibility 100.
// A prerendered public page's first screen is the bootstrap its HTML names (client/src/boot.ts); what
// it loads at the first interaction (the app hydrating the page) is a row of its own, without a goal.
// `tsx bench/client.ts`; CLIENT_DIST=<folder> measures a build already made; CLIENT_BENCH_OUT=<folder>
// builds into that folder instead of .data/bench-client (two people benching at once); LIGHTHOUSE_RUNS=n (3).
// The server runs on free ports with a data folder of its own.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { setTimeout as sleep } from 'node:timers/promises';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { measureScreens } from '../scripts/check-bundle.js';
import { DEMO_PASSWORD } from '../server/src/seed/demo-data.js';
import { recordResults, type BenchRow } from './results.js';
import { freePort, median } from './support.js';

const ROOT = path.join(import.meta.dirname, '..');
const BIN = path.join(ROOT, 'node_modules', '.bin');
/** The built server; CLIENT_BENCH_SERVER=server/src/main.ts runs the sources instead (a look while the server's build is someone else's). */
const SERVER = path.resolve(ROOT, process.env.CLIENT_BENCH_SERVER ?? path.join('dist', 'server', 'main.js'));
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The signed-in screen measured: the demo dispatcher's loads. */
const DISPATCHER = 'dispatch@summit.demo';

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/** The client built from the working tree into a folder of the bench's own (dist/client is left alone). */
function buildClient(): string {
  if (process.env.CLIENT_DIST) return path.resolve(process.env.CLIENT_DIST);
  const dist = path.resolve(ROOT, process.env.CLIENT_BENCH_OUT ?? path.join('.data', 'bench-client'));
  run(path.join(BIN, 'vite'), ['build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn']);
  return dist;
}

/**
 * The floor of any React 19 screen: react-dom's client and React, bundled and minified with esbuild,
 * rendering one heading. Its gzipped size is the bundle rows' peer; written into the build as
 * /react-floor.html, it is the Lighthouse rows' peer (the best a client-rendered React page scores on
 * this machine in this run).
 */
function reactFloor(dist: string | null): number {
  const folder = mkdtempSync(path.join(tmpdir(), 'haulwise-react-floor-'));
  try {
    const result = spawnSync(
      path.join(BIN, 'esbuild'),
      ['--bundle', '--minify', '--format=esm', '--define:process.env.NODE_ENV="production"', '--log-level=error'],
      {
        cwd: ROOT,
        input: `import { createRoot } from 'react-dom/client'; import { createElement } from 'react'; createRoot(document.getElementById('root')).render(createElement('main', null, createElement('h1', null, 'Haulwise'), createElement('p', null, 'Smart Dispatch. Simplified.')));`,
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    if (result.status !== 0) throw new Error(`esbuild: ${result.stderr.toString()}`);
    if (dist) {
      writeFileSync(path.join(dist, 'assets', 'react-floor.js'), result.stdout);
      writeFileSync(
        path.join(dist, 'react-floor.html'),
        '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" />' +
          '<meta name="description" content="React floor" /><title>React floor</title></head>' +
          '<body><div id="root"></div><script type="module" src="/assets/react-floor.js"></script></body></html>',
      );
    }
    return Math.round(gzipSync(result.stdout, { level: 9 }).length / 10) / 100;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

interface Server {
  origin: string;
  stop: () => Promise<void>;
}

/** The built server (dist/server/main.js, built if missing) on a fresh data folder with the demo workspace, serving `dist`. */
async function startServer(dist: string): Promise<Server> {
  if (!existsSync(SERVER)) run('npm', ['run', '--silent', 'build:server']);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'haulwise-bench-client-'));
  const port = await freePort();
  const child = spawn(process.execPath, SERVER.endsWith('.ts') ? ['--import', 'tsx', SERVER] : [SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HAULWISE_DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(await freePort()),
      CLIENT_DIST_DIR: dist,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://localhost:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const began = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited before it was ready');
    const ready = await fetch(`${origin}/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() - began > 120_000) {
      await stop();
      throw new Error('the server was not ready within 120 s');
    }
    await sleep(100);
  }
  return { origin, stop };
}

/** A session cookie of the demo dispatcher, through the sign-in API as the browser would get it. */
async function signIn(origin: string): Promise<string> {
  // The demo workspace is seeded after the server answers: retry until the account exists.
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const response = await fetch(`${origin}/trpc/auth.signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: DISPATCHER, password: DEMO_PASSWORD }),
    });
    const cookie = response.headers.getSetCookie().find((value) => /session/i.test(value));
    if (response.ok && cookie) return cookie.split(';')[0] ?? '';
    await sleep(1000);
  }
  throw new Error(`could not sign in as ${DISPATCHER}`);
}

interface LighthouseFigures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  scriptKb: number;
}

/** One Lighthouse run; a run Lighthouse itself gives up on (NO_NAVSTART and the like, on a loaded machine) is tried again, twice at most. */
async function lighthouseRun(url: string, cookie?: string, attempt = 1): Promise<LighthouseFigures> {
  try {
    return await lighthouseOnce(url, cookie);
  } catch (error) {
    if (attempt >= 3) throw error;
    console.log(`  (again: ${error instanceof Error ? error.message : String(error)})`);
    return lighthouseRun(url, cookie, attempt + 1);
  }
}

async function lighthouseOnce(url: string, cookie?: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const summary = lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined;
    const script = summary?.items?.find((item) => item.resourceType === 'script')?.transferSize ?? Number.NaN;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      fcpMs: numeric('first-contentful-paint'),
      scriptKb: Math.round(script / 100) / 10,
    };
  } finally {
    chrome.kill();
  }
}

async function main(): Promise<void> {
  mkdirSync(path.join(ROOT, '.data'), { recursive: true });
  const dist = buildClient();
  // The floor page goes into the bench's own build only, never into a build it was given.
  const floorKb = reactFloor(process.env.CLIENT_DIST ? null : dist);
  // Prerendered and compressed as `npm run build` does (the floor page too, so both go out as brotli).
  if (!process.env.CLIENT_DIST) {
    run(path.join(BIN, 'tsx'), ['scripts/prerender.ts', dist]);
    run(path.join(BIN, 'tsx'), ['scripts/compress-assets.ts', dist]);
  }
  const rows: BenchRow[] = [];
  console.log(`\nGzipped JavaScript per first screen (floor: react-dom's client and React alone, ${floorKb} KB):`);
  // A build without a manifest (an older one, given as CLIENT_DIST) gets its Lighthouse figures only.
  const screens = existsSync(path.join(dist, '.vite', 'manifest.json')) ? measureScreens(dist) : [];
  for (const screen of screens) {
    console.log(
      `  ${screen.path.padEnd(9)} ${screen.gzipKb.toFixed(1).padStart(6)} KB in ${screen.files.length} files (goal <= ${screen.budgetKb} KB)`,
    );
    rows.push({
      name: `JS gzipped, first screen ${screen.path}`,
      unit: 'KB',
      median: screen.gzipKb,
      peer: 'react-dom + react alone',
      peerMedian: floorKb,
      ratio: screen.gzipKb / floorKb,
      goal: `<= ${screen.budgetKb} KB`,
      met: screen.gzipKb <= screen.budgetKb,
      note:
        [
          screen.interaction ? `prerendered: its bootstrap (${screen.files.join(', ')}) until the first interaction` : '',
          screen.heavy.length > 0 ? `heavy at start: ${screen.heavy.join(', ')}` : '',
        ]
          .filter(Boolean)
          .join('; ') || undefined,
    });
  }
  // What a prerendered page loads once it is used: the app over it (no goal of its own: the page's goal is its first load).
  for (const screen of screens) {
    if (!screen.interaction) continue;
    console.log(
      `  ${screen.path.padEnd(9)} ${screen.interaction.gzipKb.toFixed(1).padStart(6)} KB at the first interaction, in ${screen.interaction.files.length} files`,
    );
    rows.push({
      name: `JS gzipped, first interaction ${screen.path}`,
      unit: 'KB',
      median: screen.interaction.gzipKb,
      peer: 'react-dom + react alone',
      peerMedian: floorKb,
      ratio: screen.interaction.gzipKb / floorKb,
      note: `loaded at the first pointer, key or focus, then hydrates the page (ceiling ${screen.interaction.ceilingKb} KB)`,
    });
  }

  const server = await startServer(dist);
  try {
    const cookie = await signIn(server.origin);
    const pages: { path: string; cookie?: string }[] = [{ path: '/' }, { path: '/auth' }, { path: '/loads', cookie }];
    if (!process.env.CLIENT_DIST) pages.unshift({ path: '/react-floor.html' });
    let floor: { performance: number; tbtMs: number; lcpMs: number } | null = null;
    const only = process.env.LIGHTHOUSE_PAGES?.split(',');
    for (const page of pages.filter((candidate) => !only || only.includes(candidate.path))) {
      const runs: LighthouseFigures[] = [];
      for (let index = 0; index < RUNS; index += 1) runs.push(await lighthouseRun(`${server.origin}${page.path}`, page.cookie));
      const pick = (key: keyof LighthouseFigures) => median(runs.map((figures) => figures[key]));
      const figures = {
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        lcpMs: pick('lcpMs'),
        tbtMs: pick('tbtMs'),
        fcpMs: pick('fcpMs'),
        scriptKb: pick('scriptKb'),
      };
      const detail = `FCP ${Math.round(figures.fcpMs)} ms, LCP ${Math.round(figures.lcpMs)} ms, TBT ${Math.round(figures.tbtMs)} ms, scripts ${figures.scriptKb} KB over the wire (brotli)`;
      console.log(
        `Lighthouse ${page.path.padEnd(6)} performance ${figures.performance} (runs: ${runs.map((r) => r.performance).join(', ')}), accessibility ${figures.accessibility}; ${detail}`,
      );
      if (page.path === '/react-floor.html') {
        floor = figures;
        continue;
      }
      rows.push({
        name: `Lighthouse mobile performance ${page.path}`,
        unit: 'score',
        median: figures.performance,
        ...(floor ? { peer: 'a bare React 19 page', peerMedian: floor.performance, ratio: figures.performance / floor.performance } : {}),
        goal: '>= 90',
        met: figures.performance >= 90,
        note: `median of ${RUNS}; ${detail}${floor ? `; bare React page: LCP ${Math.round(floor.lcpMs)} ms, TBT ${Math.round(floor.tbtMs)} ms` : ''}`,
      });
      rows.push({
        name: `Lighthouse accessibility ${page.path}`,
        unit: 'score',
        median: figures.accessibility,
        goal: '100',
        met: figures.accessibility === 100,
      });
    }
  } finally {
    await server.stop();
  }
  // A run on another build or on some pages only is a look, not the figures of record.
  if (!process.env.CLIENT_DIST && !process.env.LIGHTHOUSE_PAGES) recordResults('client', rows);
  else console.log('(not recorded in bench/results.json: CLIENT_DIST or LIGHTHOUSE_PAGES was set)');
}

await main();
