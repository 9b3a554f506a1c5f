import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 10, items 2, 4 and 11 as shipped: docker-compose.yml publishes no MinIO console, pins its
 * images, and has no default credentials; the security settings are in the README's
 * configuration table and in docker-compose.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const compose = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

/** The compose file's lines that are not comments. */
const composeLines = compose.split('\n').filter((line) => !line.trim().startsWith('#'));

describe('docker-compose.yml', () => {
  it('pins every image to a version (never :latest, never untagged)', () => {
    const images = composeLines.map((line) => /^\s*image:\s*(\S+)/.exec(line)?.[1]).filter((image): image is string => Boolean(image));
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image, `${image} is pinned`).toMatch(/:[^:]+$/);
      expect(image).not.toMatch(/:latest$/);
    }
    expect(images.find((image) => image.startsWith('minio/minio:'))).toMatch(/^minio\/minio:RELEASE\./);
  });

  it('does not publish the MinIO console (nor start it on a port)', () => {
    expect(compose).not.toMatch(/console-address/);
    expect(compose).not.toMatch(/['"]?\d+:9001['"]?/);
    expect(compose).not.toMatch(/['"]?\d+:9000['"]?/);
  });

  it('has no default credentials: each secret is a required variable', () => {
    for (const secret of ['POSTGRES_PASSWORD', 'APP_DB_PASSWORD', 'S3_ACCESS_KEY', 'S3_SECRET_KEY']) {
      const uses = [...compose.matchAll(new RegExp(`\\$\\{${secret}([^}]*)\\}`, 'g'))].map((match) => match[1] ?? '');
      expect(uses.length, `${secret} is used`).toBeGreaterThan(0);
      for (const use of uses) expect(use, `${secret} has no default`).toMatch(/^:\?/);
    }
    expect(compose).not.toMatch(/change-me/);
  });

  it('requires APP_ORIGIN and passes TRUST_PROXY to the app', () => {
    expect(compose).toMatch(/APP_ORIGIN: \$\{APP_ORIGIN:\?/);
    expect(compose).toMatch(/TRUST_PROXY: \$\{TRUST_PROXY:-\}/);
  });
});

describe("the README's configuration table", () => {
  it('lists TRUST_PROXY and says APP_ORIGIN is required in production', () => {
    const row = (name: string) => readme.split('\n').find((line) => line.startsWith(`| \`${name}\``)) ?? '';
    expect(row('TRUST_PROXY')).toMatch(/X-Forwarded-For/);
    expect(row('APP_ORIGIN')).toMatch(/required in production/i);
  });

  it('lists every setting the server reads (server/src/config.ts)', () => {
    const config = readFileSync(path.join(root, 'server/src/config.ts'), 'utf8');
    const settings = [...config.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1] ?? '');
    expect(settings.length).toBeGreaterThan(20);
    const firstCells = readme
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|')[1] ?? '');
    const missing = settings.filter((name) => !firstCells.some((cell) => cell.includes(`\`${name}\``)));
    expect(missing, 'settings missing from the README configuration table').toEqual([]);
  });

  it('says where mail goes outside production', () => {
    expect(readme).toMatch(/\.data\/mail/);
  });
});

describe('the Makefile whatever NODE_ENV says (issue 23)', () => {
  /** The commands make would run for these targets, with this NODE_ENV, without running them. */
  const planned = (targets: string[], nodeEnv: string) =>
    execFileSync('make', ['-n', '--no-print-directory', '-B', ...targets], {
      cwd: root,
      env: { ...process.env, NODE_ENV: nodeEnv },
      encoding: 'utf8',
    });

  it.each(['production', 'development', 'test'])('with NODE_ENV=%s, the install includes the build tools (devDependencies)', (nodeEnv) => {
    const install = planned(['node_modules/.haulwise-installed'], nodeEnv)
      .split('\n')
      .find((line) => line.includes('npm ci'));
    expect(install).toMatch(/npm ci --include=dev/);
  });

  it.each(['production', 'development'])(
    'with NODE_ENV=%s, the build is the production build and the unit tests run as tests',
    (nodeEnv) => {
      const build = planned(['dist/client/index.html', 'dist/server/main.js'], nodeEnv);
      expect(build).toMatch(/NODE_ENV=production npm run --silent build:client/);
      expect(build).toMatch(/NODE_ENV=production npm run --silent build:server/);
      expect(planned(['test-unit'], nodeEnv)).toMatch(/NODE_ENV=test vitest run/);
    },
  );
});
