// `tsx bench/rate-cons.ts`: reading a rate confirmation (issue 29, item 5: "at most 1 s per text
// PDF and at most 8 s per scan on 2 cores"), over the generated corpus (tests/fixtures/rate-cons/,
// written to .data/rate-cons/ when missing), one document at a time, after one warm-up of each kind
// (module loading and the OCR worker's start are not a document's time). Each row sets our time
// per document beside its floor measured in the same run on the same documents:
//   - text PDFs: extractRateCon (text layer with positions, layout, fields) beside the text
//     extraction alone (the PDF opened and each page's text content read, nothing else);
//   - scans (PNG, JPEG, image-only PDF): extractRateCon (OCR, deskew, layout, fields) beside the
//     OCR pass alone (the same worker recognising the same image, nothing else).
// BENCH_RATECON_RUNS=n reads each text PDF n times (default 3).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { extractRateCon } from '../server/src/domains/rate-cons/extract/index.js';
import { embeddedJpegs, pdfWords } from '../server/src/domains/rate-cons/extract/read.js';
import { ocrWorker, stopPodReader } from '../server/src/services/storage/pod-reader.js';
import { CORPUS_DIR, loadCorpus, type CorpusEntry } from '../tests/fixtures/rate-cons/generate.js';
import { recordResults, type BenchRow } from './results.js';
import { median, percentile } from './support.js';

const RUNS = Number(process.env.BENCH_RATECON_RUNS ?? 3);
const GOAL_TEXT_MS = 1000;
const GOAL_SCAN_MS = 8000;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const bytesOf = (entry: CorpusEntry) => readFileSync(path.join(CORPUS_DIR, entry.file));
const options = (entry: CorpusEntry) => ({ carrierName: entry.carrierName, carrierMc: entry.carrierMc });

/** The image the OCR reads: the photo itself, or a scanned PDF's first page image. */
const imageOf = (entry: CorpusEntry) =>
  entry.kind === 'pdf-scan' ? (embeddedJpegs(bytesOf(entry))[0] ?? Buffer.alloc(0)) : bytesOf(entry);

async function main(): Promise<void> {
  const corpus = await loadCorpus();
  const texts = corpus.filter((entry) => entry.kind === 'pdf-text');
  const scans = corpus.filter((entry) => entry.kind !== 'pdf-text');
  console.log(`${texts.length} text PDFs x ${RUNS} runs, ${scans.length} scans, one at a time`);

  const [firstText] = texts;
  const [firstScan] = scans;
  if (!firstText || !firstScan) throw new Error('the corpus has no text PDF or no scan');
  await extractRateCon(bytesOf(firstText), firstText.mimeType, options(firstText));
  await pdfWords(bytesOf(firstText));
  const worker = await ocrWorker();
  await worker.recognize(imageOf(firstScan));

  const ours: number[] = [];
  const floor: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    for (const entry of texts) {
      const bytes = bytesOf(entry);
      floor.push(await timed(() => pdfWords(bytes)));
      ours.push(await timed(() => extractRateCon(bytes, entry.mimeType, options(entry))));
    }
  }
  console.log(`text PDF: ${median(ours).toFixed(1)} ms median (text extraction alone ${median(floor).toFixed(1)} ms)`);

  const oursScan: number[] = [];
  const floorScan: number[] = [];
  for (const entry of scans) {
    const image = imageOf(entry);
    floorScan.push(await timed(() => worker.recognize(image)));
    oursScan.push(await timed(() => extractRateCon(bytesOf(entry), entry.mimeType, options(entry))));
    console.log(`  ${entry.id}: ${oursScan.at(-1)?.toFixed(0)} ms (OCR pass alone ${floorScan.at(-1)?.toFixed(0)} ms)`);
  }
  console.log(`scan: ${median(oursScan).toFixed(0)} ms median (OCR pass alone ${median(floorScan).toFixed(0)} ms)`);
  await stopPodReader();

  const row = (name: string, samples: number[], peer: string, peerSamples: number[], goal: number): BenchRow => ({
    name,
    unit: 'ms',
    median: median(samples),
    p95: percentile(samples, 0.95),
    p99: percentile(samples, 0.99),
    peer,
    peerMedian: median(peerSamples),
    peerP99: percentile(peerSamples, 0.99),
    ratio: median(samples) / median(peerSamples),
    goal: `<= ${goal} ms per document`,
    met: percentile(samples, 0.95) <= goal,
  });
  const rows: BenchRow[] = [
    row(`rate con read, text PDF (${texts.length} x ${RUNS})`, ours, 'text extraction alone', floor, GOAL_TEXT_MS),
    row(`rate con read, scan (${scans.length}: PNG, JPEG, scanned PDF)`, oursScan, 'OCR pass alone', floorScan, GOAL_SCAN_MS),
  ];
  recordResults('rate-cons', rows);
  for (const each of rows) {
    console.log(
      `${each.name}: median ${each.median.toFixed(1)} ms, p95 ${each.p95?.toFixed(1)} ms; ${each.peer} ${each.peerMedian?.toFixed(1)} ms; goal ${each.goal}: ${each.met ? 'met' : 'NOT met'}`,
    );
  }
}

await main();
