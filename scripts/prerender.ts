// After `vite build`: the public pages (/, /about, /contact, /auth) prerendered into
// dist/client/prerendered/<page>.html: the built index.html with the page's markup and Chakra's
// styles in #root, so the first paint needs no JavaScript (its form controls disabled until the app runs). The server sends that file for the page's
// address (server/src/app.ts); main.tsx then renders the app over it (same markup, no layout shift).
// `tsx scripts/prerender.ts [dist/client]`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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
  const { render } = (await vite.ssrLoadModule('/src/prerender.tsx')) as { render: (pathname: string) => Promise<string> };
  const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
  // #root holds the loading line every other screen shows until the app renders (client/index.html).
  const root = /<div id="root">(?:(?!<div)[\s\S])*?<\/div>/;
  if (!root.test(template)) throw new Error(`${dist}/index.html has no #root`);
  mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
  for (const [pathname, file] of Object.entries(PRERENDERED)) {
    // Every control is disabled until the app has rendered over the page: a form filled in or a
    // button pressed before then would be lost (the app's render replaces the markup) or, for a
    // form, sent by the browser itself as a GET with its fields in the address.
    const markup = (await render(pathname)).replace(/<(input|textarea|select|button)\b(?![^>]*\sdisabled)/g, '<$1 disabled=""');
    const page = template.replace(root, () => `<div id="root" data-prerendered="${pathname}">${markup}</div>`);
    writeFileSync(path.join(dist, file), page);
    console.log(`Prerendered ${pathname} -> ${file} (${(page.length / 1024).toFixed(0)} KiB)`);
  }
} finally {
  await vite.close();
}
