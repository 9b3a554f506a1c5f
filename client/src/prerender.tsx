// Rendered at build by scripts/prerender.ts (in Node, through Vite's SSR loader), never shipped:
// a public page's markup with Chakra's styles inline, so the browser paints it before any script
// runs; main.tsx hydrates it (the same tree, the same system) once the app is loaded (client/src/boot.ts).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { ChakraProvider } from '@chakra-ui/react';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { publicSystem } from './theme-public';
import { InstallBanner } from './features/pwa/InstallBanner';
import type { BeforeInstallPromptEvent } from './features/pwa/install-prompt';

export async function render(pathname: string): Promise<string> {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [pathname] }), isServer: true });
  await router.load();
  return renderToString(
    <StrictMode>
      <ChakraProvider value={publicSystem}>
        <RouterProvider router={router} />
        {/* main.tsx's App has a second child here (the banner and toasts, after hydration): the same
            shape, so the ids React derives from the tree (useId: Chakra's fields and tabs) match. */}
        {null}
      </ChakraProvider>
    </StrictMode>,
  );
}

/** The install banner (boot.ts shows it when the browser offers installation), with its own styles inline. */
export function renderInstallBanner(): string {
  // Its buttons act in the page through boot.ts: the offer here is never used.
  const offer = {} as BeforeInstallPromptEvent;
  return renderToString(
    <ChakraProvider value={publicSystem}>
      <InstallBanner offer={offer} />
    </ChakraProvider>,
  );
}
