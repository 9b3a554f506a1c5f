// One results file for every benchmark scenario: each scenario records its rows here
// (recordResults), bench/all.ts prints them as one table at the end of `make bench`, and
// bench/results.json keeps the latest figures of every scenario with the machine they ran on.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const RESULTS_FILE = path.join(import.meta.dirname, 'results.json');

/** One measured figure beside its floor or peer from the same run. */
export interface BenchRow {
  /** What was measured, e.g. "loads.list first page (HTTP)". */
  name: string;
  /** The unit of median/p95/p99 and of the peer's figures: 'ms', 'rows/s', 'positions/s', 'KB', 'score'. */
  unit: string;
  median: number;
  p95?: number;
  p99?: number;
  /** The floor or peer measured beside it in the same run, e.g. "raw SQL as owner", "bare ws broadcast". */
  peer?: string;
  peerMedian?: number;
  peerP99?: number;
  /** Ours against the peer as the goal reads it (e.g. 0.91x of the hand route's throughput, or 1.3x its p99 latency). */
  ratio?: number;
  /** The goal in words, e.g. ">= 0.85x", "p99 < 10 ms", "<= 170 KB". */
  goal?: string;
  met?: boolean;
  note?: string;
}

interface ResultsFile {
  machine: string;
  scenarios: Record<string, { at: string; rows: BenchRow[] }>;
}

export function machineDescription(): string {
  const cpus = os.cpus();
  return `${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

export function readResults(): ResultsFile {
  if (!existsSync(RESULTS_FILE)) return { machine: machineDescription(), scenarios: {} };
  try {
    const parsed = JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as Partial<ResultsFile>;
    return { machine: parsed.machine ?? machineDescription(), scenarios: parsed.scenarios ?? {} };
  } catch {
    return { machine: machineDescription(), scenarios: {} };
  }
}

/** Replaces one scenario's rows in bench/results.json, keeping the other scenarios' latest figures. */
export function recordResults(scenario: string, rows: BenchRow[]): void {
  const results = readResults();
  results.machine = machineDescription();
  results.scenarios[scenario] = { at: new Date().toISOString(), rows };
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
}

const figure = (value: number | undefined, unit: string) =>
  value === undefined ? '' : `${value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(value >= 10 ? 1 : 2)} ${unit}`;

/** The rows as one aligned text table (also pasted into the README). */
export function formatTable(scenarios: Record<string, { rows: BenchRow[] }>): string {
  const header = [
    'scenario',
    'measure',
    'ours (median)',
    'p95',
    'p99',
    'beside',
    'beside (median)',
    'beside (p99)',
    'ratio',
    'goal',
    '',
    'note',
  ];
  const lines = [header];
  for (const [scenario, { rows }] of Object.entries(scenarios)) {
    for (const row of rows) {
      lines.push([
        scenario,
        row.name,
        figure(row.median, row.unit),
        figure(row.p95, row.unit),
        figure(row.p99, row.unit),
        row.peer ?? '',
        figure(row.peerMedian, row.unit),
        figure(row.peerP99, row.unit),
        row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}x`,
        row.goal ?? '',
        row.met === undefined ? '' : row.met ? 'met' : 'NOT MET',
        row.note ?? '',
      ]);
    }
  }
  const widths = header.map((_, column) => Math.max(...lines.map((line) => (line[column] ?? '').length)));
  const row = (line: string[]) => `| ${line.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const separator = `| ${widths.map((width) => '-'.repeat(Math.max(3, width))).join(' | ')} |`;
  // A Markdown table: the README's Benchmarks section shows it as printed.
  return [row(header), separator, ...lines.slice(1).map(row)].join('\n');
}
