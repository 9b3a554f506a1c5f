// After `vite build`: every text asset of dist/client also as .br and .gz beside it, so the server
// sends the smaller file the browser accepts (@fastify/static preCompressed) without compressing
// per request. Images and fonts are compressed already and left alone.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(process.argv[2] ?? 'dist/client');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map|wasm)$/;
/** Below this a compressed copy saves nothing worth a second file. */
const MIN_BYTES = 1024;

function* files(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name) && statSync(full).size >= MIN_BYTES) yield full;
  }
}

let original = 0;
let brotli = 0;
let count = 0;
for (const file of files(root)) {
  const content = readFileSync(file);
  const br = brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  original += content.length;
  brotli += br.length;
  count += 1;
}
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
console.log(`Precompressed ${count} assets: ${kib(original)} -> ${kib(brotli)} with brotli.`);
