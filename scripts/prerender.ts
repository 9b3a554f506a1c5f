// After `vite build`: the public pages (/, /about, /contact, /auth) prerendered into
// dist/client/prerendered/<page>.html: the built index.html with the page's markup and Chakra's
// styles in #root, so the first paint needs no JavaScript. The server sends that file for the page's
// address (server/src/app.ts). Such a page does not load the app at once: the entry's script and its
// preloads are replaced by the bootstrap (client/src/boot.ts, bundled here with esbuild into one
// small hashed script, dist/client/assets/boot-<hash>.js), which loads the app at the first interaction; main.tsx then hydrates the
// page (the same markup), keeping what was typed and replaying what was pressed meanwhile. The
// install banner is prerendered hidden beside #root (#install-island) for the bootstrap to show.
// `tsx scripts/prerender.ts [dist/client]`.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { createServer } from 'vite';

const ROOT = path.join(import.meta.dirname, '..');
const dist = path.resolve(process.argv[2] ?? path.join(ROOT, 'dist', 'client'));

/** The prerendered pages and their files under dist/client (server/src/app.ts serves them by this name). */
export const PRERENDERED: Record<string, string> = {
  '/': 'prerendered/index.html',
  '/about': 'prerendered/about.html',
  '/contact': 'prerendered/contact.html',
  '/auth': 'prerendered/auth.html',
};

const vite = await createServer({
  configFile: path.join(ROOT, 'vite.config.ts'),
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  logLevel: 'warn',
});
try {
  const { render, renderInstallBanner } = (await vite.ssrLoadModule('/src/prerender.tsx')) as {
    render: (pathname: string) => Promise<string>;
    renderInstallBanner: () => string;
  };
  const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
  // #root holds the loading line every other screen shows until the app renders (client/index.html).
  const root = /<div id="root">(?:(?!<div)[\s\S])*?<\/div>/;
  if (!root.test(template)) throw new Error(`${dist}/index.html has no #root`);
  // The app's entry and the preloads of its imports: loaded by the bootstrap, not by the page.
  const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
  const entry = entryTag.exec(template)?.[1];
  if (!entry) throw new Error(`${dist}/index.html has no module entry`);
  const preloadTag = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
  const preload = [...template.matchAll(preloadTag)].map((match) => match[1] ?? '');
  const lean = template.replace(entryTag, '').replace(preloadTag, '');
  const boot = await bootstrap();
  // The banner's styles beside it, but not Chakra's global styles again (the page has them).
  const withoutGlobals = (html: string) => html.replace(/<style data-emotion="css-global[^"]*">[\s\S]*?<\/style>/g, '');
  const install = withoutGlobals(renderInstallBanner());
  const attribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  // Its own hashed file (the content security policy allows no inline script), deferred: fetched
  // beside the page, run once the page is parsed.
  const bootFile = `assets/boot-${createHash('sha256').update(boot).digest('base64url').slice(0, 8)}.js`;
  writeFileSync(path.join(dist, bootFile), boot);
  const bootTag = `<script defer src="/${bootFile}" data-entry="${attribute(entry)}" data-preload="${attribute(JSON.stringify(preload))}"></script>`;
  const head = lean.replace(/\s*<\/head>/, () => `\n    ${bootTag}\n  </head>`);
  const tail = `<div id="install-island" hidden>${install}</div>\n  </body>`;
  mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
  for (const [pathname, file] of Object.entries(PRERENDERED)) {
    // A form sent before any script ran (scripts off) goes as a POST, never a GET with its fields
    // (a password) in the address; with scripts, the bootstrap holds it until the app has hydrated.
    let markup = (await render(pathname)).replace(/<form\b(?![^>]*\smethod=)/g, '<form method="post"');
    // React's resource hints (an image's preload) go to the head: in #root they are not the app's markup.
    const hints: string[] = [];
    markup = markup.replace(/<link rel="preload"[^>]*\/>/g, (hint) => {
      hints.push(hint);
      return '';
    });
    const page = head
      .replace(/\s*<\/head>/, () => `${hints.map((hint) => `\n    ${hint}`).join('')}\n  </head>`)
      .replace(root, () => `<div id="root" data-prerendered="${pathname}">${markup}</div>`)
      .replace(/\s*<\/body>/, () => `\n    ${tail}`);
    writeFileSync(path.join(dist, file), page);
    console.log(
      `Prerendered ${pathname} -> ${file} (${(page.length / 1024).toFixed(0)} KiB; loads /${bootFile}, ${(boot.length / 1024).toFixed(1)} KiB)`,
    );
  }
} finally {
  await vite.close();
}

/** client/src/boot.ts as one minified classic script (its only import, the shared constants, bundled in). */
async function bootstrap(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(ROOT, 'client', 'src', 'boot.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
  });
  const code = result.outputFiles[0]?.text.trim() ?? '';
  if (!code) throw new Error('the bootstrap did not build');
  return code;
}
