// `make bench`: every scenario, one after another, each in its own process (a fresh embedded
// PostgreSQL each, so one scenario's data never warms another's), then one table of every
// figure beside its floor or peer, also written to bench/results.json.
// BENCH_ONLY=run,http runs a subset.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { formatTable, readResults } from './results.js';

/** The scenarios in the order they run; each is bench/<name>.ts and records its rows with recordResults. */
const SCENARIOS = [
  'run',
  'board',
  'http',
  'dashboards',
  'start',
  'ingest',
  'fleet-map',
  'fanout',
  'client',
  'api',
  'webhooks',
  'imports',
  'rate-cons',
  'settlements',
  'ifta',
];

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const chosen = SCENARIOS.filter((name) => !only || only.includes(name));
const failed: string[] = [];
for (const name of chosen) {
  const file = path.join(import.meta.dirname, `${name}.ts`);
  if (!existsSync(file)) continue;
  console.log(`\n=== bench/${name}.ts`);
  const run = spawnSync('tsx', [file], { stdio: 'inherit' });
  if (run.status !== 0) failed.push(name);
}

const results = readResults();
console.log(`\n=== All figures (bench/results.json), ${results.machine}\n`);
console.log(formatTable(results.scenarios));
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
