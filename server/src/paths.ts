import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where things are on disk, the same from the sources (tsx server/src/main.ts) and from the built
 * server (node dist/server/main.js, scripts/build-server.ts): found from this module's folder,
 * never from the working directory.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

function findProjectRoot(from: string): string {
  for (let folder = from; ; folder = path.dirname(folder)) {
    const manifest = path.join(folder, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'haulwise') return folder;
    if (path.dirname(folder) === folder) throw new Error(`no Haulwise package.json above ${from}`);
  }
}

/** The checkout, or the image's /app. */
export const PROJECT_ROOT = findProjectRoot(here);

/** The migrations: compiled beside the built server, the TypeScript sources otherwise (same names). */
export const MIGRATIONS_DIR = existsSync(path.join(here, 'migrations'))
  ? path.join(here, 'migrations')
  : path.join(PROJECT_ROOT, 'migrations');

/** The built client (vite build). */
export const CLIENT_DIST_DIR = path.join(PROJECT_ROOT, 'dist', 'client');
