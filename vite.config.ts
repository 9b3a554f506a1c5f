import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

const apiPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // The loaders too: a loader's imports (an invitation's preview options) stay out of the entry.
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
      },
      routesDirectory: fileURLToPath(new URL('./client/src/routes', import.meta.url)),
      generatedRouteTree: fileURLToPath(new URL('./client/src/routeTree.gen.ts', import.meta.url)),
    }),
    react(),
  ],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // .vite/manifest.json: which chunks each entry and lazy route loads (bench/client.ts, scripts/check-bundle.ts).
    manifest: true,
    // The signed-in shell's later pieces (the bell, the unread badge, the notification prompt, the
    // live channel, the toasts' region, the phone drawer) are imported without preloading their
    // dependencies: most are already loaded with the screen, and the helper appended a
    // <link rel=modulepreload> for each of their 20 to 60 dependencies on a cold screen's main thread
    // (about 200 ms at Lighthouse's 4x CPU). Their own imports are fetched when they run.
    modulePreload: {
      resolveDependencies: (filename, deps) =>
        /\/(NotificationBell|UnreadMessagesBadge|NotificationPrompt|use-live|toaster-region|MobileNav)-[\w-]+\.js$/.test(filename)
          ? []
          : deps,
    },
    rolldownOptions: {
      // Chakra builds its default theme and system with plain calls at module level; marked pure, the
      // public pages' system (client/src/theme-public.ts) keeps only the recipes it names.
      treeshake: { manualPureFunctions: ['defineConfig', 'createSystem', 'mergeConfigs'] },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/trpc': { target: `http://127.0.0.1:${apiPort}`, ws: true },
      '/health': { target: `http://127.0.0.1:${apiPort}` },
      // Document uploads and signed downloads of files on disk.
      '/api': { target: `http://127.0.0.1:${apiPort}` },
      '/files': { target: `http://127.0.0.1:${apiPort}` },
    },
  },
});
