// `npm run build` (after the client): the server as one ES module, dist/server/main.js, that plain
// `node` runs (no TypeScript compiler at start), and the migrations compiled beside it
// (dist/server/migrations, same names). Dependencies stay in node_modules; #shared/* is bundled in.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, Record<string, string> | undefined>;
const packages = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
const outdir = 'dist/server';

rmSync(outdir, { recursive: true, force: true });
const began = performance.now();
await build({
  entryPoints: { main: 'server/src/main.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  external: packages.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
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
