import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The public pages prerendered at build (scripts/prerender.ts writes dist/client/prerendered/<page>.html:
 * `/` is index.html, `/about` about.html): the file to send for an address, or null (the app's
 * index.html then). Read once at start; only the exact address of a page matches.
 */
export function prerenderedPages(clientDist: string): (url: string) => string | null {
  const folder = path.join(clientDist, 'prerendered');
  const names = new Set(existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.html')) : []);
  return (url) => {
    const pathname = url.split('?')[0] ?? '';
    const name = pathname === '/' ? 'index.html' : `${pathname.slice(1)}.html`;
    return /^[a-z-]+\.html$/.test(name) && names.has(name) ? `prerendered/${name}` : null;
  };
}
