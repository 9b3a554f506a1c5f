import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * Libraries are extended only at their documented extension points (issue 25): a Kysely Dialect,
 * Driver, DatabaseConnection or plugin; pg's query config (rowMode, name); tRPC middleware, links
 * and adapters; Fastify hooks and plugins. A property whose name starts with `_` is a library's
 * private part (tRPC's `_def`, pg's `_result`, `_types`): code that reads or writes one breaks, often
 * silently, on a minor upgrade. Our own objects do not name properties that way either.
 */
const PRIVATE_MEMBER_MESSAGE =
  "A property starting with '_' is a private internal: use the library's public API (Kysely: Dialect, Driver, DatabaseConnection, plugins; pg: query config such as rowMode; tRPC: middleware, links, adapters; Fastify: hooks, plugins).";
// Allowed: our own page globals, named with two underscores so no library's can clash
// (window.__haulwiseBoot, written by client/src/boot.ts; window.__shownToasts, read by e2e tests).
const OWN_GLOBALS = '(?!__haulwiseBoot$|__shownToasts$)';
const noPrivateMembers = [
  { selector: `MemberExpression[computed=false][property.name=/^${OWN_GLOBALS}_/]`, message: PRIVATE_MEMBER_MESSAGE },
  { selector: `MemberExpression[computed=true][property.value=/^${OWN_GLOBALS}_/]`, message: PRIVATE_MEMBER_MESSAGE },
];

/**
 * Layers point one way (issue 25; docs/architecture.md, "Layers"): a module of server/src imports
 * only from its own layer or the layers below it. Lowest first:
 *   base      server/src/{config,errors,paths,lazy-module}.ts, and shared/ (#shared)
 *   db        server/src/db/
 *   services  server/src/services/ (infrastructure: the session store, mail, storage, jobs, the realtime bus, sockets, rate limits)
 *   auth      server/src/auth/
 *   trpc      server/src/trpc/ (context, procedures, init, output, the HTTP adapter and the plain routes' gate)
 *   domains   server/src/domains/ (a domain's procedures, plain HTTP routes and job tasks; domains may use each other)
 *   seed      server/src/seed/ (the demo workspace, written through the domains)
 *   top       server/src/{app,main,app-router,create-services,prerendered-pages}.ts: the assembly
 * A type-only import counts (no-restricted-imports checks `import type`), and so do `export … from`,
 * `import()` and `import('…')` types. Imports between folders are relative, so a path that climbs
 * (`../`) and then names a folder above is an upward import.
 */
const LAYER_FOLDERS = ['db', 'services', 'auth', 'trpc', 'domains', 'seed'];
const BASE_MODULES = ['config', 'errors', 'paths', 'lazy-module'];
const TOP_MODULES = ['app', 'main', 'app-router', 'create-services', 'prerendered-pages'];
const layersAbove = (folder) => LAYER_FOLDERS.slice(LAYER_FOLDERS.indexOf(folder) + 1);
// '/' is written \x2F: esquery's regular expressions (no-restricted-syntax) cannot hold a slash.
const climbing = String.raw`^(\.\.\x2F)+`;
const topModule = String.raw`(${TOP_MODULES.join('|')})(\.js)?$`;
/** Upward from a folder of server/src (`from` is its layer), or from a base module at the root (`from` null). */
function upwardSources(from) {
  const folders = from === null ? LAYER_FOLDERS : layersAbove(from);
  const start = from === null ? String.raw`^\.\x2F` : climbing;
  const sources = [`${start}${topModule}`];
  if (folders.length > 0) sources.unshift(String.raw`${start}(${folders.join('|')})\x2F`);
  return sources;
}
const layerMessage = (from) =>
  `Layers point one way: ${from === null ? 'a base module of server/src' : `server/src/${from}/`} imports only from the layers below it (db → services → auth → trpc → domains → seed → top; docs/architecture.md, "Layers"). Move the shared piece down, or have the top level hand it in.`;
const layerImportPatterns = (from) => upwardSources(from).map((regex) => ({ regex, message: layerMessage(from) }));
const layerSyntax = (from) =>
  upwardSources(from).flatMap((regex) => [
    { selector: `ImportExpression[source.value=/${regex}/]`, message: layerMessage(from) },
    { selector: `TSImportType[argument.literal.value=/${regex}/]`, message: layerMessage(from) },
  ]);

/** Domain code reaches tenant data only through ctx.db, already inside withCompany, and builds procedures only from the guarded builders. */
const UNSCOPED_DATABASE = {
  group: ['**/db/database', '**/db/database.js'],
  message: 'Domain code never sees the unscoped database: use ctx.db.',
};
const WITH_COMPANY = {
  group: ['**/db/with-company', '**/db/with-company.js'],
  message: 'Procedures already run inside withCompany: use ctx.db.',
};
const DOMAIN_IMPORT_PATTERNS = [
  { group: ['**/trpc/init', '**/trpc/init.js'], message: 'Use the guarded builders from trpc/procedures.' },
  { group: ['pg', 'kysely/*'], message: 'Domain code never opens its own connection.' },
];
const DOMAIN_IMPORT_PATHS = [{ name: 'pg', message: 'Domain code never opens its own connection.' }];
// One connection per call: the call's transaction is ctx.db; the pool behind services.db is not domain code's.
const NO_POOL_IN_A_CALL = {
  selector: "MemberExpression[property.name='db'][object.type='MemberExpression'][object.property.name='services']",
  message: "Domain code uses the call's own transaction (ctx.db), never the pool (services.db).",
};
/** Code of a domain that runs outside any call: a plain HTTP route, a job task, the live feed's lookups. */
const OUTSIDE_A_CALL = [
  'server/src/domains/**/*.routes.ts',
  'server/src/domains/**/*-tasks.ts',
  'server/src/domains/realtime/live-lookups.ts',
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      '.tools',
      '**/.data',
      'dist',
      '**/dist-*',
      'test-results',
      'playwright-report',
      'client/src/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Code is never written at run time: no eval, no new Function, no string to setTimeout.
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      'no-restricted-syntax': ['error', ...noPrivateMembers],
    },
  },
  {
    // The service worker runs in the worker scope.
    files: ['client/public/sw.js'],
    languageOptions: { globals: { self: 'readonly', caches: 'readonly', fetch: 'readonly', URL: 'readonly', Promise: 'readonly' } },
  },
  {
    // Migrations are frozen in time and run against Kysely<any>.
    files: ['migrations/**/*.ts', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Layers point one way (LAYER_FOLDERS above): one block per layer. Each block's lists are whole,
  // since a later block's options for a rule replace an earlier one's.
  ...['db', 'services', 'auth', 'trpc', 'seed'].map((layer) => ({
    files: [`server/src/${layer}/**/*.ts`],
    rules: {
      'no-restricted-imports': ['error', { patterns: layerImportPatterns(layer) }],
      'no-restricted-syntax': ['error', ...noPrivateMembers, ...layerSyntax(layer)],
    },
  })),
  {
    // The base modules at the root of server/src import no folder of it.
    files: BASE_MODULES.map((name) => `server/src/${name}.ts`),
    rules: {
      'no-restricted-imports': ['error', { patterns: layerImportPatterns(null) }],
      'no-restricted-syntax': ['error', ...noPrivateMembers, ...layerSyntax(null)],
    },
  },
  {
    // shared/ is below the server and the client alike.
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: String.raw`^(\.\./)+(server|client)/`, message: 'shared/ imports neither the server nor the client.' }] },
      ],
    },
  },
  {
    // Domain code: the layer rule, and tenant data only through ctx.db, procedures only from the guarded builders.
    files: ['server/src/domains/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [UNSCOPED_DATABASE, WITH_COMPANY, ...DOMAIN_IMPORT_PATTERNS, ...layerImportPatterns('domains')],
          paths: DOMAIN_IMPORT_PATHS,
        },
      ],
      // This block's list replaces the one above for domain code: the private-member rule again.
      'no-restricted-syntax': ['error', NO_POOL_IN_A_CALL, ...noPrivateMembers, ...layerSyntax('domains')],
    },
  },
  {
    // Outside any call (plain HTTP routes, job tasks, the live feed's lookups) there is no ctx.db:
    // such code opens its company's tenant transaction itself (withCompany on the pool), exactly as
    // procedures.ts does for a call. Everything else of domain code's rules holds.
    files: OUTSIDE_A_CALL,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...DOMAIN_IMPORT_PATTERNS, ...layerImportPatterns('domains')], paths: DOMAIN_IMPORT_PATHS },
      ],
    },
  },
);
