// How the server is bundled for plain `node` (scripts/build-server.ts, and bench/http.ts's server
// process, which must run as production does): one ES module, dependencies left in node_modules.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildOptions } from 'esbuild';

export function serverBundleOptions(root: string): BuildOptions {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
  const packages = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
  return {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    external: packages.flatMap((name) => [name, `${name}/*`]),
    logLevel: 'warning',
  };
}
