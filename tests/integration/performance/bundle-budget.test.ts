import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureScreens, report, type Screen } from '../../../scripts/check-bundle.js';

/**
 * The bundle check that `npm run build:client` runs (scripts/check-bundle.ts), on a small
 * hand-made dist folder: what a first screen loads is the entry, its static imports and the lazy
 * chunks of the screen's route files (not the other routes' chunks, nor lazy imports); a screen
 * over its ceiling or loading a heavy library at start fails the build. The real build's figures
 * are printed by the build itself and by bench/client.ts (the unit phase never builds the client).
 */
const dist = mkdtempSync(path.join(tmpdir(), 'haulwise-bundle-'));
/** Text that gzip cannot shrink much, so sizes are predictable. */
const noise = (bytes: number, seed: number) => {
  let state = seed;
  let text = '';
  while (text.length < bytes) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    text += state.toString(36);
  }
  return `export const x${seed} = ${JSON.stringify(text.slice(0, bytes))};\n`;
};
const FILES: Record<string, string> = {
  'assets/index-A.js': noise(20_000, 1),
  'assets/react-B.js': noise(10_000, 2),
  'assets/home-C.js': noise(4_000, 3),
  'assets/loads-D.js': noise(8_000, 4),
  'assets/shell-E.js': noise(6_000, 5),
  'assets/map-F.js': `const maplibregl = {}; ${noise(30_000, 6)}`,
  'assets/boot-G.js': noise(1_000, 7),
};
const gz = (file: string) => gzipSync(Buffer.from(FILES[file] ?? ''), { level: 9 }).length / 1000;

beforeAll(() => {
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(dist, '.vite'));
  for (const [file, content] of Object.entries(FILES)) writeFileSync(path.join(dist, file), content);
  const manifest = {
    'index.html': {
      file: 'assets/index-A.js',
      isEntry: true,
      imports: ['_react-B.js'],
      dynamicImports: ['src/routes/index.tsx?tsr-split=component', 'src/routes/_authed/loads.tsx?tsr-split=component'],
    },
    '_react-B.js': { file: 'assets/react-B.js' },
    'src/routes/index.tsx?tsr-split=component': { file: 'assets/home-C.js', isDynamicEntry: true, imports: ['index.html'] },
    'src/routes/_authed.tsx?tsr-split=component': { file: 'assets/shell-E.js', isDynamicEntry: true, imports: ['index.html'] },
    'src/routes/_authed/loads.tsx?tsr-split=component': {
      file: 'assets/loads-D.js',
      isDynamicEntry: true,
      imports: ['index.html', '_react-B.js'],
      // Opened from the screen later: not part of its first load.
      dynamicImports: ['src/features/maps/Map.tsx'],
    },
    'src/features/maps/Map.tsx': { file: 'assets/map-F.js', isDynamicEntry: true, imports: ['index.html'] },
  };
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  // A prerendered page names only its bootstrap (scripts/prerender.ts); the entry's preloads are data for it.
  mkdirSync(path.join(dist, 'prerendered'));
  writeFileSync(
    path.join(dist, 'prerendered', 'index.html'),
    '<!doctype html><html><head><script defer src="/assets/boot-G.js" data-entry="/assets/index-A.js" data-preload="[&quot;/assets/react-B.js&quot;]"></script></head>' +
      '<body><div id="root" data-prerendered="/"><p>landing</p></div></body></html>',
  );
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const home: Screen = { path: '/', routes: ['src/routes/index.tsx'], budgetKb: 100, ceilingKb: 200 };
const loads: Screen = { path: '/loads', routes: ['src/routes/_authed.tsx', 'src/routes/_authed/loads.tsx'], budgetKb: 170, ceilingKb: 200 };

describe('the bundle check of the build', () => {
  it("counts the entry, its imports and the screen's own route chunks, gzipped", () => {
    const figures = measureScreens(dist, [home, loads]);
    const [first, second] = figures;
    expect(first?.files).toEqual(['assets/home-C.js', 'assets/index-A.js', 'assets/react-B.js']);
    expect(second?.files).toEqual(['assets/index-A.js', 'assets/loads-D.js', 'assets/react-B.js', 'assets/shell-E.js']);
    const expected = gz('assets/index-A.js') + gz('assets/react-B.js') + gz('assets/home-C.js');
    expect(first?.gzipKb).toBeCloseTo(expected, 1);
    expect(first?.heavy).toEqual([]);
    expect(report(figures).failures).toEqual([]);
  });

  it('fails a screen over its ceiling, and says a goal not met without failing under the ceiling', () => {
    const within = report(measureScreens(dist, [{ ...home, budgetKb: 1, ceilingKb: 200 }]));
    const over = report(measureScreens(dist, [{ ...home, budgetKb: 1, ceilingKb: 5 }]));
    expect(within.failures).toEqual([]);
    expect(within.lines[0]).toContain('goal NOT MET');
    expect(over.failures).toHaveLength(1);
    expect(over.failures[0]).toMatch(/^\/: .* over its ceiling of 5 KB$/);
  });

  it('fails a screen that loads the map at start', () => {
    const withMap = measureScreens(dist, [{ ...home, extra: ['src/features/maps/Map.tsx'] }]);
    expect(withMap[0]?.heavy).toEqual(['maplibre-gl (assets/map-F.js)']);
    expect(report(withMap).failures).toEqual(['/ loads maplibre-gl (assets/map-F.js) at start']);
  });

  it('counts a prerendered page by the scripts its HTML names, and the app it loads at the first interaction beside it', () => {
    const page: Screen = { ...home, prerendered: 'prerendered/index.html', ceilingKb: 100, interactionCeilingKb: 200 };
    const [figures] = measureScreens(dist, [page]);
    expect(figures?.files).toEqual(['assets/boot-G.js']);
    expect(figures?.gzipKb).toBeCloseTo(gz('assets/boot-G.js'), 1);
    expect(figures?.interaction?.files).toEqual(['assets/boot-G.js', 'assets/home-C.js', 'assets/index-A.js', 'assets/react-B.js']);
    const app = gz('assets/boot-G.js') + gz('assets/index-A.js') + gz('assets/react-B.js') + gz('assets/home-C.js');
    expect(figures?.interaction?.gzipKb).toBeCloseTo(app, 1);
    expect(report(measureScreens(dist, [page])).failures).toEqual([]);
    // The first interaction has a ceiling of its own.
    const over = report(measureScreens(dist, [{ ...page, interactionCeilingKb: 10 }]));
    expect(over.failures).toHaveLength(1);
    expect(over.failures[0]).toMatch(/^\/: .* at the first interaction, over its ceiling of 10 KB$/);
    // A build without the page (not prerendered) is measured as the app at once.
    const [unprerendered] = measureScreens(dist, [{ ...page, prerendered: 'prerendered/none.html' }]);
    expect(unprerendered?.files).toEqual(['assets/home-C.js', 'assets/index-A.js', 'assets/react-B.js']);
    expect(unprerendered?.interaction).toBeUndefined();
  });

  it('as a script: exits non-zero with the reason when the manifest is missing', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'haulwise-bundle-empty-'));
    try {
      expect(() => execFileSync(path.resolve('node_modules/.bin/tsx'), ['scripts/check-bundle.ts', empty], { stdio: 'pipe' })).toThrow(
        /manifest\.json is missing/,
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
