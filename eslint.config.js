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
  {
    // Domain code reaches tenant data only through ctx.db, already inside withCompany,
    // and builds procedures only from the guarded builders.
    files: ['server/src/domains/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/db/database', '**/db/database.js'], message: 'Domain code never sees the unscoped database: use ctx.db.' },
            { group: ['**/db/with-company', '**/db/with-company.js'], message: 'Procedures already run inside withCompany: use ctx.db.' },
            { group: ['**/trpc/init', '**/trpc/init.js'], message: 'Use the guarded builders from trpc/procedures.' },
            { group: ['pg', 'kysely/*'], message: 'Domain code never opens its own connection.' },
          ],
          paths: [{ name: 'pg', message: 'Domain code never opens its own connection.' }],
        },
      ],
      // One connection per call: the call's transaction is ctx.db; the pool behind services.db is not domain code's.
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='db'][object.type='MemberExpression'][object.property.name='services']",
          message: "Domain code uses the call's own transaction (ctx.db), never the pool (services.db).",
        },
        // This block's list replaces the one above for domain code: the private-member rule again.
        ...noPrivateMembers,
      ],
    },
  },
);
