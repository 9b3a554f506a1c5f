// `npm run build` (after the client): the server as one ES module, dist/server/main.js, that plain
// `node` runs (no TypeScript compiler at start), and the migrations compiled beside it
// (dist/server/migrations, same names). Dependencies stay in node_modules; #shared/* is bundled in.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { serverBundleOptions } from './server-bundle.js';

const outdir = 'dist/server';

rmSync(outdir, { recursive: true, force: true });
const began = performance.now();
await build({
  ...serverBundleOptions(process.cwd()),
  entryPoints: { main: 'server/src/main.ts' },
  outdir,
});
await build({
  entryPoints: readdirSync('migrations')
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join('migrations', file)),
  outdir: path.join(outdir, 'migrations'),
  platform: 'node',
  format: 'esm',
  target: 'node24',
  logLevel: 'warning',
});
console.log(`Built the server into ${outdir} (${Math.round(performance.now() - began)} ms).`);
